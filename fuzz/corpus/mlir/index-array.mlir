func.func @k() attributes {tile.kernel, x = array<index: 1, 2>} { return }
