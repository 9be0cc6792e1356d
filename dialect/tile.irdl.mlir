// The `tile` dialect, v1 and v2 (see docs/dialect.md).
//
// IRDL states op names, operand/result/attribute slots and their base kinds.
// Each constraint value is used once on purpose: in IRDL, one SSA constraint
// used twice means "the same type". What IRDL cannot say (shapes, element
// types, ranks, power-of-two dims, optional attributes such as `padding`,
// `precision`, `sem` and `scope`) is checked by the C verifier in
// dialect/Verifier.c.
// Upstream `mlir-opt --irdl-file=dialect/tile.irdl.mlir` parses every tile
// file we ship (test/Dialect/irdl-cross-check.test).
irdl.dialect @tile {
  irdl.operation @program_id {
    %axis = irdl.base "#builtin.integer"
    %index = irdl.is index
    irdl.attributes { "axis" = %axis }
    irdl.results(result: %index)
  }

  irdl.operation @num_programs {
    %axis = irdl.base "#builtin.integer"
    %index = irdl.is index
    irdl.attributes { "axis" = %axis }
    irdl.results(result: %index)
  }

  irdl.operation @range {
    %start = irdl.base "#builtin.integer"
    %end = irdl.base "#builtin.integer"
    %tile = irdl.base "!builtin.tensor"
    irdl.attributes { "start" = %start, "end" = %end }
    irdl.results(result: %tile)
  }

  irdl.operation @splat {
    %int = irdl.base "!builtin.integer"
    %index = irdl.is index
    %f16 = irdl.is f16
    %bf16 = irdl.is bf16
    %f32 = irdl.is f32
    %f64 = irdl.is f64
    %f8e4 = irdl.is f8E4M3FN
    %f8e5 = irdl.is f8E5M2
    %scalar = irdl.any_of(%int, %index, %f16, %bf16, %f32, %f64, %f8e4, %f8e5)
    %tile = irdl.base "!builtin.tensor"
    irdl.operands(value: %scalar)
    irdl.results(result: %tile)
  }

  irdl.operation @broadcast {
    %source = irdl.base "!builtin.tensor"
    %tile = irdl.base "!builtin.tensor"
    irdl.operands(source: %source)
    irdl.results(result: %tile)
  }

  irdl.operation @expand_dims {
    %axis = irdl.base "#builtin.integer"
    %source = irdl.base "!builtin.tensor"
    %tile = irdl.base "!builtin.tensor"
    irdl.attributes { "axis" = %axis }
    irdl.operands(source: %source)
    irdl.results(result: %tile)
  }

  irdl.operation @reshape {
    %source = irdl.base "!builtin.tensor"
    %tile = irdl.base "!builtin.tensor"
    irdl.operands(source: %source)
    irdl.results(result: %tile)
  }

  irdl.operation @trans {
    %perm = irdl.base "#builtin.dense_array"
    %source = irdl.base "!builtin.tensor"
    %tile = irdl.base "!builtin.tensor"
    irdl.attributes { "permutation" = %perm }
    irdl.operands(source: %source)
    irdl.results(result: %tile)
  }

  irdl.operation @load {
    %mem = irdl.base "!builtin.memref"
    %offset = irdl.is index
    %tile = irdl.base "!builtin.tensor"
    irdl.operands(mem: %mem, offsets: variadic %offset)
    irdl.results(result: %tile)
  }

  irdl.operation @load_masked {
    %mem = irdl.base "!builtin.memref"
    %mask = irdl.base "!builtin.tensor"
    %offset = irdl.is index
    %tile = irdl.base "!builtin.tensor"
    irdl.operands(mem: %mem, mask: %mask, offsets: variadic %offset)
    irdl.results(result: %tile)
  }

  irdl.operation @store {
    %value = irdl.base "!builtin.tensor"
    %mem = irdl.base "!builtin.memref"
    %offset = irdl.is index
    irdl.operands(value: %value, mem: %mem, offsets: variadic %offset)
  }

  irdl.operation @store_masked {
    %value = irdl.base "!builtin.tensor"
    %mem = irdl.base "!builtin.memref"
    %mask = irdl.base "!builtin.tensor"
    %offset = irdl.is index
    irdl.operands(value: %value, mem: %mem, mask: %mask, offsets: variadic %offset)
  }

  irdl.operation @dot {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %acc = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b, acc: %acc)
    irdl.results(result: %result)
  }

  irdl.operation @reduce {
    %axis = irdl.base "#builtin.integer"
    %kind = irdl.base "#builtin.string"
    %source = irdl.base "!builtin.tensor"
    %result = irdl.any
    irdl.attributes { "axis" = %axis, "kind" = %kind }
    irdl.operands(source: %source)
    irdl.results(result: %result)
  }

  // --- v2: indirect memory, atomics, scans, random numbers, debugging ---

  irdl.operation @gather {
    %mem = irdl.base "!builtin.memref"
    %index = irdl.base "!builtin.tensor"
    %tile = irdl.base "!builtin.tensor"
    irdl.operands(mem: %mem, indices: variadic %index)
    irdl.results(result: %tile)
  }

  irdl.operation @scatter {
    %value = irdl.base "!builtin.tensor"
    %mem = irdl.base "!builtin.memref"
    %index = irdl.base "!builtin.tensor"
    irdl.operands(value: %value, mem: %mem, indices: variadic %index)
  }

  irdl.operation @atomic_rmw {
    %kind = irdl.base "#builtin.string"
    %value = irdl.base "!builtin.tensor"
    %mem = irdl.base "!builtin.memref"
    %index = irdl.base "!builtin.tensor"
    %old = irdl.base "!builtin.tensor"
    irdl.attributes { "kind" = %kind }
    irdl.operands(value: %value, mem: %mem, indices: variadic %index)
    irdl.results(result: %old)
  }

  irdl.operation @atomic_cas {
    %cmp = irdl.base "!builtin.tensor"
    %value = irdl.base "!builtin.tensor"
    %mem = irdl.base "!builtin.memref"
    %index = irdl.base "!builtin.tensor"
    %old = irdl.base "!builtin.tensor"
    irdl.operands(cmp: %cmp, value: %value, mem: %mem, indices: variadic %index)
    irdl.results(result: %old)
  }

  irdl.operation @scan {
    %axis = irdl.base "#builtin.integer"
    %kind = irdl.base "#builtin.string"
    %source = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.attributes { "axis" = %axis, "kind" = %kind }
    irdl.operands(source: %source)
    irdl.results(result: %result)
  }

  irdl.operation @rand {
    %seed = irdl.base "!builtin.integer"
    %offs = irdl.base "!builtin.tensor"
    %tile = irdl.base "!builtin.tensor"
    irdl.operands(seed: %seed, offsets: %offs)
    irdl.results(result: %tile)
  }

  irdl.operation @randint {
    %seed = irdl.base "!builtin.integer"
    %offs = irdl.base "!builtin.tensor"
    %tile = irdl.base "!builtin.tensor"
    irdl.operands(seed: %seed, offsets: %offs)
    irdl.results(result: %tile)
  }

  // The value is a tile or a scalar; the condition an i1 or an i1 tile: the
  // C verifier says which (IRDL's any_of would only say "no match").
  irdl.operation @print {
    %prefix = irdl.base "#builtin.string"
    %value = irdl.any
    irdl.attributes { "prefix" = %prefix }
    irdl.operands(value: %value)
  }

  irdl.operation @assert {
    %message = irdl.base "#builtin.string"
    %cond = irdl.any
    irdl.attributes { "message" = %message }
    irdl.operands(condition: %cond)
  }

  // Internal (not user-facing, see docs/internals.md): inserted by
  // tile-assign-layouts where a value's layout differs from the one its
  // user needs. Same shape and element type; only the encoding changes.
  irdl.operation @convert_layout {
    %source = irdl.base "!builtin.tensor"
    %tile = irdl.base "!builtin.tensor"
    irdl.operands(source: %source)
    irdl.results(result: %tile)
  }
}
