"""What the package's test files share: a kernel with a ${N} parameter,
and an array seen only through DLPack."""

# A copy of ${N} elements per program (the text after a caller's first
# lines: test_cpu.py locates errors by line).
COPY_KERNEL = """func.func @copy(%x: memref<?xf32>, %y: memref<?xf32>)
    attributes {tile.kernel} {
  %pid = "tile.program_id"() {axis = 0 : i32} : () -> index
  %n = arith.constant ${N} : index
  %o = arith.muli %pid, %n : index
  %t = "tile.load"(%x, %o) : (memref<?xf32>, index) -> tensor<${N}xf32>
  "tile.store"(%t, %y, %o) : (tensor<${N}xf32>, memref<?xf32>, index) -> ()
  return
}
"""


class OnlyDlpack:
    """An array that offers DLPack and nothing else: the launcher must
    read it by that protocol."""

    def __init__(self, a):
        self.a = a

    def __dlpack__(self, **kw):
        return self.a.__dlpack__(**kw)

    def __dlpack_device__(self):
        return self.a.__dlpack_device__()
