// Random kernel 202030 of gen2, reduced on the H200 by reduce.py (31 lines):
// a mul-scan of a negated i16 tile, then a max with the tile. LLVM moves the
// negations past the products; ptxas extended the negated 16-bit values as
// -(sext x), wrong where a product's low 16 bits are 0x8000 (8 of 6520
// elements in the found kernel), on sm_90a and sm_80 code; the CPU path was
// right (lib/Conversion/TileToGPU/GpuNarrowSigned.c).
func.func @k202030(%x: memref<?x?x?xi16>, %y: memref<?x?x?xi16>, %out2: memref<?xi16>) attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %v1 = "tile.program_id"() {axis = 0 : i32} : () -> index
  %v2 = "tile.program_id"() {axis = 2 : i32} : () -> index
  %v3 = "tile.program_id"() {axis = 1 : i32} : () -> index
  %v12 = "tile.load"(%x, %v1, %v2, %v3) : (memref<?x?x?xi16>, index, index, index) -> tensor<8x4x16xi16>
  %v15 = arith.constant dense<0> : tensor<8x4x16xi16>
  %v16 = arith.subi %v15, %v12 : tensor<8x4x16xi16>
  %v17 = "tile.scan"(%v16) {axis = 2 : i32, kind = "mul"} : (tensor<8x4x16xi16>) -> tensor<8x4x16xi16>
  %v21 = arith.maxsi %v17, %v12 : tensor<8x4x16xi16>
  %v39 = "tile.range"() {start = 0 : i32, end = 16 : i32} : () -> tensor<16xi32>
  %v40 = "tile.expand_dims"(%v39) {axis = 0 : i32} : (tensor<16xi32>) -> tensor<1x16xi32>
  %v41 = "tile.expand_dims"(%v40) {axis = 0 : i32} : (tensor<1x16xi32>) -> tensor<1x1x16xi32>
  %v42 = "tile.broadcast"(%v41) : (tensor<1x1x16xi32>) -> tensor<8x4x16xi32>
  %v43 = "tile.range"() {start = 0 : i32, end = 4 : i32} : () -> tensor<4xi32>
  %v44 = "tile.expand_dims"(%v43) {axis = 0 : i32} : (tensor<4xi32>) -> tensor<1x4xi32>
  %v45 = "tile.expand_dims"(%v44) {axis = 2 : i32} : (tensor<1x4xi32>) -> tensor<1x4x1xi32>
  %v46 = "tile.broadcast"(%v45) : (tensor<1x4x1xi32>) -> tensor<8x4x16xi32>
  %v47 = arith.constant dense<16> : tensor<8x4x16xi32>
  %v48 = arith.muli %v46, %v47 : tensor<8x4x16xi32>
  %v49 = arith.addi %v42, %v48 : tensor<8x4x16xi32>
  %v50 = "tile.range"() {start = 0 : i32, end = 8 : i32} : () -> tensor<8xi32>
  %v51 = "tile.expand_dims"(%v50) {axis = 1 : i32} : (tensor<8xi32>) -> tensor<8x1xi32>
  %v52 = "tile.expand_dims"(%v51) {axis = 2 : i32} : (tensor<8x1xi32>) -> tensor<8x1x1xi32>
  %v53 = "tile.broadcast"(%v52) : (tensor<8x1x1xi32>) -> tensor<8x4x16xi32>
  %v54 = arith.constant dense<64> : tensor<8x4x16xi32>
  %v55 = arith.muli %v53, %v54 : tensor<8x4x16xi32>
  %v56 = arith.addi %v49, %v55 : tensor<8x4x16xi32>
  %v60 = arith.extsi %v56 : tensor<8x4x16xi32> to tensor<8x4x16xi64>
  "tile.scatter"(%v21, %out2, %v60) : (tensor<8x4x16xi16>, memref<?xi16>, tensor<8x4x16xi64>) -> ()
  return
}
