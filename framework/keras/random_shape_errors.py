"""TF 2.21's errors for a keras.random shape that is no vector of non-negative ints.

Keras 3 hands the shape as given to TF's stateless kernels (beta to BroadcastTo first), so a bare number
(normal(3)), a negative size ((2, -1)) or a float entry ((batch, dim / 2)) is the kernel's error. Whether
the text ends in ' name: ' differs by function (TF's wrappers take the fast or the slow path).
"""
from framework.errors import InvalidArgumentError, kernel_error

_RANDOM_V2 = 'shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; '
_FLOAT_DTYPES = 'attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; '
_TSHAPE = 'attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]'

# keras.random's function -> (kernel, its shape attribute, its signature, ' name: ' tails of the scalar-shape
# error and of the others)
KERNELS = {
    'normal': ('StatelessRandomNormalV2', 'Tshape', _RANDOM_V2 + _FLOAT_DTYPES + _TSHAPE, False, False),
    'uniform': ('StatelessRandomUniformV2', 'Tshape', _RANDOM_V2 + _FLOAT_DTYPES + _TSHAPE, True, True),
    'truncated_normal': ('StatelessTruncatedNormalV2', 'Tshape', _RANDOM_V2 + _FLOAT_DTYPES + _TSHAPE, False, False),
    'randint': ('StatelessRandomUniformIntV2', 'Tshape',
                'shape:Tshape, key:uint64, counter:uint64, alg:int32, minval:dtype, maxval:dtype -> output:dtype; '
                'attr=dtype:type,allowed=[DT_INT32, DT_INT64, DT_UINT32, DT_UINT64]; ' + _TSHAPE, True, True),
    'gamma': ('StatelessRandomGammaV3', 'shape_dtype',
              'shape:shape_dtype, key:uint64, counter:uint64, alg:int32, alpha:dtype -> output:dtype; '
              'attr=dtype:type,allowed=[DT_HALF, DT_FLOAT, DT_DOUBLE]; '
              'attr=shape_dtype:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]', True, True),
    'binomial': ('StatelessRandomBinomial', 'S',
                 'shape:S, seed:Tseed, counts:T, probs:T -> output:dtype; attr=S:type,allowed=[DT_INT32, DT_INT64]; '
                 'attr=Tseed:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]; '
                 'attr=T:type,default=DT_DOUBLE,allowed=[DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64]; '
                 'attr=dtype:type,default=DT_INT64,allowed=[DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64]',
                 False, False),
    'beta': ('BroadcastTo', 'Tidx', 'input:T, shape:Tidx -> output:T; attr=T:type; '
                                    'attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]', True, False),
}


def scalar_shape_error(op, shape):
    kernel, _, _, named, _ = KERNELS[op]
    return kernel_error(kernel, 'Input shape should be a vector, got shape: []' if op == 'binomial' else
                        'shape must be a vector of {int32,int64}, got shape []', named=named,
                        note='keras.random.%s: shape is a tuple of ints, got %r; write (%r,)' % (op, shape, shape))


def negative_size_error(op, dims):
    kernel, _, _, _, named = KERNELS[op]
    return kernel_error(kernel, 'Dimension %d must be >= 0' % next(d for d in dims if d < 0), named=named,
                        note='keras.random.%s: sizes must be >= 0, got shape %r' % (op, tuple(dims)))


def entry_dtype_error(op, dims, dtype_name):
    """The kernel's registry refusal of a shape of floats (TF converts a Python float to float32: 'float')
    or strings."""
    kernel, attr, signature, _, named = KERNELS[op]
    error = InvalidArgumentError("Value for attr '%s' of %s is not in the list of allowed values: int32, int64\n\t; "
                                 "NodeDef: {{node %s}}; Op<name=%s; signature=%s> [Op:%s]%s"
                                 % (attr, dtype_name, kernel, kernel, signature, kernel, ' name: ' if named else ''))
    error.add_note('keras.random.%s: each entry of shape must be an integer, got %r' % (op, tuple(dims)))
    return error
