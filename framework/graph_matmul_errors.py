"""Which check of TensorFlow's graph refuses a tf.matmul (or ``a @ b``) in a trace, and the node's op
and attributes, read off TF 2.21 (notes/progs/graphops14/m1.py).

tf.matmul adds MatMul where neither input has more than 2 dimensions (its shape function wants
rank 2 exactly: 'Shape must be rank 2 but is rank 1'), else BatchMatMulV2, which merges the inner
lengths first and broadcasts the batch lengths after. Transposes and adjoints of real matrices are
the node's attributes (transpose_a / adj_x); both name the lengths that must match.
"""

_MATMUL = 'T=%s, grad_a=false, grad_b=false, transpose_a=%s, transpose_b=%s'
_BATCH = 'T=%s, adj_x=%s, adj_y=%s, grad_x=false, grad_y=false'


def matmul_mismatch(shapes, parameters, operator, dtype, first_unequal):
    """(the shape function's refusal: a pair of unequal lengths or a text, the op, its attributes) for
    a matmul of operands with traced ``shapes``, or None where the graph accepts it (or the case was
    not measured: keras.ops.matmul of vectors or of a batch with one matrix, sparse or complex transposed operands)."""
    if operator is None and 'a' not in parameters:         # keras.ops.matmul: its own vector handling
        return _keras_matmul(shapes, parameters, dtype, first_unequal)
    if parameters.get('a_is_sparse') or parameters.get('b_is_sparse'):
        return None
    flip_a = bool(parameters.get('transpose_a') or parameters.get('adjoint_a'))
    flip_b = bool(parameters.get('transpose_b') or parameters.get('adjoint_b'))
    if (flip_a or flip_b) and dtype.startswith('DT_COMPLEX'):
        return None         # (a complex transpose is its own op first: not measured)
    a, b = shapes
    if len(a) <= 2 and len(b) <= 2:
        for shape in (a, b):
            if len(shape) != 2:
                return 'Shape must be rank 2 but is rank %d' % len(shape), 'MatMul', _attrs(_MATMUL, dtype, flip_a,
                                                                                            flip_b)
        return _matmul(shapes, flip_a, flip_b, dtype)
    if len(a) < 2 or len(b) < 2:
        return None         # (a vector with a batch of matrices: not measured)
    inner = (a[-2] if flip_a else a[-1], b[-1] if flip_b else b[-2])
    dims = inner if None not in inner and inner[0] != inner[1] else first_unequal(a[:-2], b[:-2])
    return None if dims is None else (dims, 'BatchMatMulV2', _attrs(_BATCH, dtype, flip_a, flip_b))


def _keras_matmul(shapes, parameters, dtype, first_unequal):
    """keras.ops.matmul on Keras 3's TF backend: tf.matmul of two matrices, or of batches of them (its
    BatchMatMulV2 node named 'MatMul'); a vector, or a batch times one matrix, is tf.tensordot's (not measured).
    Batches of another dtype are cast to a float first, which renames them ('Cast'): not measured either."""
    a, b = shapes
    if len(a) == 2 and len(b) == 2:
        return _matmul(shapes, False, False, dtype)
    operands = [parameters.get('x1'), parameters.get('x2')]
    if len(a) < 2 or len(b) < 2 or len(b) == 2 or not dtype.startswith(('DT_FLOAT', 'DT_DOUBLE', 'DT_HALF')) or any(
            getattr(getattr(x, '_data', None), 'dtype', None) != operands[0]._data.dtype for x in operands):
        return None
    dims = (a[-1], b[-2]) if None not in (a[-1], b[-2]) and a[-1] != b[-2] else first_unequal(a[:-2], b[:-2])
    return None if dims is None else (dims, 'BatchMatMulV2', _attrs(_BATCH, dtype, False, False))


def _matmul(shapes, flip_a, flip_b, dtype):
    a, b = shapes
    dims = (a[0] if flip_a else a[1], b[1] if flip_b else b[0])
    if None in dims or dims[0] == dims[1]:
        return None
    return dims, 'MatMul', _attrs(_MATMUL, dtype, flip_a, flip_b)


def _attrs(form, dtype, flip_a, flip_b):
    return form % (dtype, str(flip_a).lower(), str(flip_b).lower())
