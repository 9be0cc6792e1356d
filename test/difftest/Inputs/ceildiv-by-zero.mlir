// ceildivsi, floordivsi and ceildivui at every edge divisor, settled in
// docs/numerics.md (2026-11-30): they follow divsi and divui, so x / 0 =
// -1 (all ones) and x / -1 = -x, wrapping (MIN / -1 = MIN). Each divisor
// is a tile here, not a splat (Inputs/uniform-division.mlir has the
// splats): a 32x32 grid of every dividend in row i by every divisor in
// column j, both the same 32 values (0, +-1, +-2, +-3, 7, MIN, MAX,
// MIN + 1, MAX - 1, the i8 edges, and larger ones); i32, and i8 through
// the same values truncated (so 256 and -256 are i8 zeros). The values
// come by selects of splats: the GPU takes only splat constants.
func.func @ceildiv_by_zero(%out: memref<?x?xi32>, %out8: memref<?x?xi8>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %i = "tile.range"() {start = 0 : i32, end = 32 : i32} : () -> tensor<32xi32>
  %v31 = arith.constant dense<-87654321> : tensor<32xi32>
  %k30 = arith.constant dense<30> : tensor<32xi32>
  %e30 = arith.constant dense<12345678> : tensor<32xi32>
  %is30 = arith.cmpi eq, %i, %k30 : tensor<32xi32>
  %v30 = arith.select %is30, %e30, %v31 : tensor<32xi1>, tensor<32xi32>
  %k29 = arith.constant dense<29> : tensor<32xi32>
  %e29 = arith.constant dense<-1073741824> : tensor<32xi32>
  %is29 = arith.cmpi eq, %i, %k29 : tensor<32xi32>
  %v29 = arith.select %is29, %e29, %v30 : tensor<32xi1>, tensor<32xi32>
  %k28 = arith.constant dense<28> : tensor<32xi32>
  %e28 = arith.constant dense<1073741824> : tensor<32xi32>
  %is28 = arith.cmpi eq, %i, %k28 : tensor<32xi32>
  %v28 = arith.select %is28, %e28, %v29 : tensor<32xi1>, tensor<32xi32>
  %k27 = arith.constant dense<27> : tensor<32xi32>
  %e27 = arith.constant dense<-1640531535> : tensor<32xi32>
  %is27 = arith.cmpi eq, %i, %k27 : tensor<32xi32>
  %v27 = arith.select %is27, %e27, %v28 : tensor<32xi1>, tensor<32xi32>
  %k26 = arith.constant dense<26> : tensor<32xi32>
  %e26 = arith.constant dense<1640531535> : tensor<32xi32>
  %is26 = arith.cmpi eq, %i, %k26 : tensor<32xi32>
  %v26 = arith.select %is26, %e26, %v27 : tensor<32xi1>, tensor<32xi32>
  %k25 = arith.constant dense<25> : tensor<32xi32>
  %e25 = arith.constant dense<-1000003> : tensor<32xi32>
  %is25 = arith.cmpi eq, %i, %k25 : tensor<32xi32>
  %v25 = arith.select %is25, %e25, %v26 : tensor<32xi1>, tensor<32xi32>
  %k24 = arith.constant dense<24> : tensor<32xi32>
  %e24 = arith.constant dense<1000003> : tensor<32xi32>
  %is24 = arith.cmpi eq, %i, %k24 : tensor<32xi32>
  %v24 = arith.select %is24, %e24, %v25 : tensor<32xi1>, tensor<32xi32>
  %k23 = arith.constant dense<23> : tensor<32xi32>
  %e23 = arith.constant dense<-65536> : tensor<32xi32>
  %is23 = arith.cmpi eq, %i, %k23 : tensor<32xi32>
  %v23 = arith.select %is23, %e23, %v24 : tensor<32xi1>, tensor<32xi32>
  %k22 = arith.constant dense<22> : tensor<32xi32>
  %e22 = arith.constant dense<65535> : tensor<32xi32>
  %is22 = arith.cmpi eq, %i, %k22 : tensor<32xi32>
  %v22 = arith.select %is22, %e22, %v23 : tensor<32xi1>, tensor<32xi32>
  %k21 = arith.constant dense<21> : tensor<32xi32>
  %e21 = arith.constant dense<-256> : tensor<32xi32>
  %is21 = arith.cmpi eq, %i, %k21 : tensor<32xi32>
  %v21 = arith.select %is21, %e21, %v22 : tensor<32xi1>, tensor<32xi32>
  %k20 = arith.constant dense<20> : tensor<32xi32>
  %e20 = arith.constant dense<256> : tensor<32xi32>
  %is20 = arith.cmpi eq, %i, %k20 : tensor<32xi32>
  %v20 = arith.select %is20, %e20, %v21 : tensor<32xi1>, tensor<32xi32>
  %k19 = arith.constant dense<19> : tensor<32xi32>
  %e19 = arith.constant dense<255> : tensor<32xi32>
  %is19 = arith.cmpi eq, %i, %k19 : tensor<32xi32>
  %v19 = arith.select %is19, %e19, %v20 : tensor<32xi1>, tensor<32xi32>
  %k18 = arith.constant dense<18> : tensor<32xi32>
  %e18 = arith.constant dense<-5> : tensor<32xi32>
  %is18 = arith.cmpi eq, %i, %k18 : tensor<32xi32>
  %v18 = arith.select %is18, %e18, %v19 : tensor<32xi1>, tensor<32xi32>
  %k17 = arith.constant dense<17> : tensor<32xi32>
  %e17 = arith.constant dense<5> : tensor<32xi32>
  %is17 = arith.cmpi eq, %i, %k17 : tensor<32xi32>
  %v17 = arith.select %is17, %e17, %v18 : tensor<32xi1>, tensor<32xi32>
  %k16 = arith.constant dense<16> : tensor<32xi32>
  %e16 = arith.constant dense<-7> : tensor<32xi32>
  %is16 = arith.cmpi eq, %i, %k16 : tensor<32xi32>
  %v16 = arith.select %is16, %e16, %v17 : tensor<32xi1>, tensor<32xi32>
  %k15 = arith.constant dense<15> : tensor<32xi32>
  %e15 = arith.constant dense<126> : tensor<32xi32>
  %is15 = arith.cmpi eq, %i, %k15 : tensor<32xi32>
  %v15 = arith.select %is15, %e15, %v16 : tensor<32xi1>, tensor<32xi32>
  %k14 = arith.constant dense<14> : tensor<32xi32>
  %e14 = arith.constant dense<-127> : tensor<32xi32>
  %is14 = arith.cmpi eq, %i, %k14 : tensor<32xi32>
  %v14 = arith.select %is14, %e14, %v15 : tensor<32xi1>, tensor<32xi32>
  %k13 = arith.constant dense<13> : tensor<32xi32>
  %e13 = arith.constant dense<127> : tensor<32xi32>
  %is13 = arith.cmpi eq, %i, %k13 : tensor<32xi32>
  %v13 = arith.select %is13, %e13, %v14 : tensor<32xi1>, tensor<32xi32>
  %k12 = arith.constant dense<12> : tensor<32xi32>
  %e12 = arith.constant dense<-128> : tensor<32xi32>
  %is12 = arith.cmpi eq, %i, %k12 : tensor<32xi32>
  %v12 = arith.select %is12, %e12, %v13 : tensor<32xi1>, tensor<32xi32>
  %k11 = arith.constant dense<11> : tensor<32xi32>
  %e11 = arith.constant dense<2147483646> : tensor<32xi32>
  %is11 = arith.cmpi eq, %i, %k11 : tensor<32xi32>
  %v11 = arith.select %is11, %e11, %v12 : tensor<32xi1>, tensor<32xi32>
  %k10 = arith.constant dense<10> : tensor<32xi32>
  %e10 = arith.constant dense<-2147483647> : tensor<32xi32>
  %is10 = arith.cmpi eq, %i, %k10 : tensor<32xi32>
  %v10 = arith.select %is10, %e10, %v11 : tensor<32xi1>, tensor<32xi32>
  %k9 = arith.constant dense<9> : tensor<32xi32>
  %e9 = arith.constant dense<2147483647> : tensor<32xi32>
  %is9 = arith.cmpi eq, %i, %k9 : tensor<32xi32>
  %v9 = arith.select %is9, %e9, %v10 : tensor<32xi1>, tensor<32xi32>
  %k8 = arith.constant dense<8> : tensor<32xi32>
  %e8 = arith.constant dense<-2147483648> : tensor<32xi32>
  %is8 = arith.cmpi eq, %i, %k8 : tensor<32xi32>
  %v8 = arith.select %is8, %e8, %v9 : tensor<32xi1>, tensor<32xi32>
  %k7 = arith.constant dense<7> : tensor<32xi32>
  %e7 = arith.constant dense<7> : tensor<32xi32>
  %is7 = arith.cmpi eq, %i, %k7 : tensor<32xi32>
  %v7 = arith.select %is7, %e7, %v8 : tensor<32xi1>, tensor<32xi32>
  %k6 = arith.constant dense<6> : tensor<32xi32>
  %e6 = arith.constant dense<-3> : tensor<32xi32>
  %is6 = arith.cmpi eq, %i, %k6 : tensor<32xi32>
  %v6 = arith.select %is6, %e6, %v7 : tensor<32xi1>, tensor<32xi32>
  %k5 = arith.constant dense<5> : tensor<32xi32>
  %e5 = arith.constant dense<3> : tensor<32xi32>
  %is5 = arith.cmpi eq, %i, %k5 : tensor<32xi32>
  %v5 = arith.select %is5, %e5, %v6 : tensor<32xi1>, tensor<32xi32>
  %k4 = arith.constant dense<4> : tensor<32xi32>
  %e4 = arith.constant dense<-2> : tensor<32xi32>
  %is4 = arith.cmpi eq, %i, %k4 : tensor<32xi32>
  %v4 = arith.select %is4, %e4, %v5 : tensor<32xi1>, tensor<32xi32>
  %k3 = arith.constant dense<3> : tensor<32xi32>
  %e3 = arith.constant dense<2> : tensor<32xi32>
  %is3 = arith.cmpi eq, %i, %k3 : tensor<32xi32>
  %v3 = arith.select %is3, %e3, %v4 : tensor<32xi1>, tensor<32xi32>
  %k2 = arith.constant dense<2> : tensor<32xi32>
  %e2 = arith.constant dense<-1> : tensor<32xi32>
  %is2 = arith.cmpi eq, %i, %k2 : tensor<32xi32>
  %v2 = arith.select %is2, %e2, %v3 : tensor<32xi1>, tensor<32xi32>
  %k1 = arith.constant dense<1> : tensor<32xi32>
  %e1 = arith.constant dense<1> : tensor<32xi32>
  %is1 = arith.cmpi eq, %i, %k1 : tensor<32xi32>
  %v1 = arith.select %is1, %e1, %v2 : tensor<32xi1>, tensor<32xi32>
  %k0 = arith.constant dense<0> : tensor<32xi32>
  %e0 = arith.constant dense<0> : tensor<32xi32>
  %is0 = arith.cmpi eq, %i, %k0 : tensor<32xi32>
  %v = arith.select %is0, %e0, %v1 : tensor<32xi1>, tensor<32xi32>
  %row = "tile.expand_dims"(%v) {axis = 1 : i32} : (tensor<32xi32>) -> tensor<32x1xi32>
  %col = "tile.expand_dims"(%v) {axis = 0 : i32} : (tensor<32xi32>) -> tensor<1x32xi32>
  %x = "tile.broadcast"(%row) : (tensor<32x1xi32>) -> tensor<32x32xi32>
  %d = "tile.broadcast"(%col) : (tensor<1x32xi32>) -> tensor<32x32xi32>
  %cs = arith.ceildivsi %x, %d : tensor<32x32xi32>
  %fs = arith.floordivsi %x, %d : tensor<32x32xi32>
  %cu = arith.ceildivui %x, %d : tensor<32x32xi32>
  "tile.store"(%cs, %out, %c0, %c0) : (tensor<32x32xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%fs, %out, %c32, %c0) : (tensor<32x32xi32>, memref<?x?xi32>, index, index) -> ()
  "tile.store"(%cu, %out, %c64, %c0) : (tensor<32x32xi32>, memref<?x?xi32>, index, index) -> ()
  %x8 = arith.trunci %x : tensor<32x32xi32> to tensor<32x32xi8>
  %d8 = arith.trunci %d : tensor<32x32xi32> to tensor<32x32xi8>
  %cs8 = arith.ceildivsi %x8, %d8 : tensor<32x32xi8>
  %fs8 = arith.floordivsi %x8, %d8 : tensor<32x32xi8>
  %cu8 = arith.ceildivui %x8, %d8 : tensor<32x32xi8>
  "tile.store"(%cs8, %out8, %c0, %c0) : (tensor<32x32xi8>, memref<?x?xi8>, index, index) -> ()
  "tile.store"(%fs8, %out8, %c32, %c0) : (tensor<32x32xi8>, memref<?x?xi8>, index, index) -> ()
  "tile.store"(%cu8, %out8, %c64, %c0) : (tensor<32x32xi8>, memref<?x?xi8>, index, index) -> ()
  return
}
