"""What the package's test files share: a kernel with a ${N} parameter,
an array seen only through DLPack, and DLPack's structs in ctypes."""

import ctypes

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


# DLPack's C structs (dlpack.h), for stand-ins that hand the launcher a
# DLTensor of their own making.
class DLDevice(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int32), ("id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice),
                ("ndim", ctypes.c_int32), ("dtype", DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p)]
