// Programs that read back what they wrote (test/Run/memory-order.test):
// docs/dialect.md orders a program's own loads and stores, so each load
// sees the program's earlier stores, whichever thread made them.

// Each program's 64x64 f32 block, transposed, truncated to i8 into %tmp
// and read back: the i8 tile is stored in the transpose's layout and
// loaded in a coalesced one, so most elements change threads.
func.func @i8_round_trip(%x: memref<?x64xf32>, %tmp: memref<?x64xi8>, %out: memref<?x64xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %r = arith.muli %p, %c64 : index
  %t = "tile.load"(%x, %r, %c0) : (memref<?x64xf32>, index, index) -> tensor<64x64xf32>
  %tt = "tile.trans"(%t) {permutation = array<i32: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %i = arith.fptosi %tt : tensor<64x64xf32> to tensor<64x64xi8>
  "tile.store"(%i, %tmp, %r, %c0) : (tensor<64x64xi8>, memref<?x64xi8>, index, index) -> ()
  %u = "tile.load"(%tmp, %r, %c0) : (memref<?x64xi8>, index, index) -> tensor<64x64xi8>
  %f = arith.sitofp %u : tensor<64x64xi8> to tensor<64x64xf32>
  "tile.store"(%f, %out, %r, %c0) : (tensor<64x64xf32>, memref<?x64xf32>, index, index) -> ()
  return
}

// The block transposed into %tmp and read back as two 32x64 halves.
func.func @f32_halves(%x: memref<?x64xf32>, %tmp: memref<?x64xf32>, %out: memref<?x64xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %r = arith.muli %p, %c64 : index
  %r2 = arith.addi %r, %c32 : index
  %t = "tile.load"(%x, %r, %c0) : (memref<?x64xf32>, index, index) -> tensor<64x64xf32>
  %tt = "tile.trans"(%t) {permutation = array<i32: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  "tile.store"(%tt, %tmp, %r, %c0) : (tensor<64x64xf32>, memref<?x64xf32>, index, index) -> ()
  %a = "tile.load"(%tmp, %r, %c0) : (memref<?x64xf32>, index, index) -> tensor<32x64xf32>
  %b = "tile.load"(%tmp, %r2, %c0) : (memref<?x64xf32>, index, index) -> tensor<32x64xf32>
  "tile.store"(%a, %out, %r, %c0) : (tensor<32x64xf32>, memref<?x64xf32>, index, index) -> ()
  "tile.store"(%b, %out, %r2, %c0) : (tensor<32x64xf32>, memref<?x64xf32>, index, index) -> ()
  return
}

// In place, N steps of 512 elements that move by 256: step i reads the
// half that step i-1 wrote, at other threads' positions.
func.func @overlapping_steps(%m: memref<?xf32>, %n: index) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %p = "tile.program_id"() {axis = 0 : i32} : () -> index
  %n1 = arith.addi %n, %c1 : index
  %span = arith.muli %n1, %c256 : index
  %base = arith.muli %p, %span : index
  %one = arith.constant dense<1.0> : tensor<512xf32>
  scf.for %i = %c0 to %n step %c1 {
    %s = arith.muli %i, %c256 : index
    %o = arith.addi %base, %s : index
    %t = "tile.load"(%m, %o) : (memref<?xf32>, index) -> tensor<512xf32>
    %d = arith.addf %t, %one : tensor<512xf32>
    "tile.store"(%d, %m, %o) : (tensor<512xf32>, memref<?xf32>, index) -> ()
  }
  return
}
