// bf16 codes 0..255 and their negatives (0x0001-0x007F subnormal), stored
// to a bf16 memref, loaded back with padding (a padded load's element is
// a phi in the CPU path's LLVM IR) and extended to f32, whose bits are
// stored. Every f32 must be its code shifted left 16: LLVM carried the
// phi through f32 and stored it with vcvtneps2bf16 on AVX512-BF16 hosts,
// which flushed subnormals (lib/Execution/JitFeatures.h).
func.func @bf16_subnormal(%tmp: memref<?xbf16>, %out: memref<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : index
  %i = "tile.range"() {start = 0 : i32, end = 512 : i32} : () -> tensor<512xi32>
  %low = arith.constant dense<255> : tensor<512xi32>
  %sign = arith.constant dense<256> : tensor<512xi32>
  %shift7 = arith.constant dense<7> : tensor<512xi32>
  %code = arith.andi %i, %low : tensor<512xi32>
  %neg = arith.andi %i, %sign : tensor<512xi32>
  %negbit = arith.shli %neg, %shift7 : tensor<512xi32>
  %bits = arith.ori %code, %negbit : tensor<512xi32>
  %b16 = arith.trunci %bits : tensor<512xi32> to tensor<512xi16>
  %b = arith.bitcast %b16 : tensor<512xi16> to tensor<512xbf16>
  "tile.store"(%b, %tmp, %c0) : (tensor<512xbf16>, memref<?xbf16>, index) -> ()
  %l = "tile.load"(%tmp, %c0) {padding = 0.0 : bf16} : (memref<?xbf16>, index) -> tensor<512xbf16>
  %f = arith.extf %l : tensor<512xbf16> to tensor<512xf32>
  %fb = arith.bitcast %f : tensor<512xf32> to tensor<512xi32>
  "tile.store"(%fb, %out, %c0) : (tensor<512xi32>, memref<?xi32>, index) -> ()
  return
}
