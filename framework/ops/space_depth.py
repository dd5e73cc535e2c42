"""``tf.nn.depth_to_space`` and ``space_to_depth``: blocks of pixels moved to and from channels.

Both are a reshape, a transpose and a reshape, so the gradient of each is the other.
Channels last (NHWC) only, as TensorFlow's CPU kernels (others: their NotFoundError).
"""
from ..errors import InvalidArgumentError, NotFoundError, fast_path, kernel_error
from .operands import as_tensor, named_errors
from .shapes import reshape, transpose
from ..tf_python_names import tf_named


_ALLOWED_FORMATS = ('NHWC', 'NCHW', 'NCHW_VECT_C')
_XLA_TYPES = ('FLOAT, DOUBLE, INT32, UINT8, INT16, INT8, COMPLEX64, INT64, BOOL, QINT8, QUINT8, QINT32, BFLOAT16, '
              'UINT16, COMPLEX128, HALF, UINT32, UINT64, FLOAT8_E5M2, FLOAT8_E4M3FN, FLOAT8_E4M3FNUZ, '
              'FLOAT8_E4M3B11FNUZ, FLOAT8_E5M2FNUZ, INT4, UINT4')
_CPU_TYPES = ('VARIANT', 'RESOURCE', 'STRING', 'BOOL', 'COMPLEX128', 'COMPLEX64', 'DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF',
              'INT32', 'INT8', 'UINT8', 'INT16', 'UINT16', 'UINT32', 'INT64', 'UINT64')
_TF_TYPE_NAMES = {'float16': 'HALF', 'float32': 'FLOAT', 'float64': 'DOUBLE'}


def _op_def(kernel, named=True):
    return ('; Op<name=%s; signature=input:T -> output:T; attr=T:type; attr=block_size:int,min=2; '
            'attr=data_format:string,default="NHWC",allowed=["NHWC", "NCHW", "NCHW_VECT_C"]> [Op:%s]%s'
            % (kernel, kernel, ' name: ' if named else ''))


def _make_int(block_size):
    """TF 2.21's make_int: Python ints, numpy integers and floats (truncated: 2.5 is 2) and bools (True is 1)."""
    if not isinstance(block_size, (str, bytes)):
        try:
            return int(block_size)
        except (TypeError, ValueError):     # a tensor or array of more than one value
            pass
    raise TypeError("Expected int for argument 'block_size' not %r." % (block_size,))


def _block_size(block_size, kernel, op):
    size = _make_int(block_size)
    if size < 2:      # the op registry's attr check
        error = InvalidArgumentError("Value for attr 'block_size' of %d must be at least minimum 2\n\t; NodeDef: "
                                     '{{node %s}}%s' % (size, kernel, _op_def(kernel, isinstance(block_size, int))))
        # (a float block_size sends TF's call down the slow path: no ' name: ' tail)
        error.add_note('%s: block_size must be an int >= 2, got %r' % (op, block_size))
        raise error
    return size


def _no_kernel(x, size, data_format, kernel, op, named):
    """NotFoundError: TF 2.21 registers CPU kernels for NHWC only (SpaceToDepth also a qint8 one)."""
    cpu = (('QINT8',) if kernel == 'SpaceToDepth' else ()) + _CPU_TYPES
    listed = ''.join('\n  device=\'CPU\'; T in [DT_%s]; data_format in ["NHWC"]' % t for t in cpu)
    error = NotFoundError('Could not find device for node: {{node %s}} = %s[T=DT_%s, block_size=%d, data_format="%s"]'
                          "\nAll kernels registered for op %s:\n  device='XLA_CPU_JIT'; T in [%s]%s\n [Op:%s]%s"
                          % (kernel, kernel, _TF_TYPE_NAMES.get(x.dtype.name, x.dtype.name.upper()), size, data_format,
                             kernel, ', '.join('DT_' + t for t in _XLA_TYPES.split(', ')), listed, kernel,
                             ' name: ' + (named if isinstance(named, str) else '') if named else ''))
    error.add_note("%s: TensorFlow's CPU kernel takes channels-last (NHWC) input only; transpose the input to "
                   'channels last and pass data_format="NHWC"' % op)
    return error


def _checked(input, block_size, data_format, op, name):  # noqa: A002
    """The input, block size and the kernel errors' ' name: ' tail (the name given, if any; no tail where a Python
    list or string input sends TF's call down its slow path), after TF 2.21's checks in its order: the attrs, the kernel
    lookup, the rank."""
    _make_int(block_size)      # TF's op wrapper reads the attr before it converts the input
    x = as_tensor(input, op)
    kernel = 'DepthToSpace' if op == 'depth_to_space' else 'SpaceToDepth'
    size = _block_size(block_size, kernel, op)
    if data_format not in _ALLOWED_FORMATS:
        error = InvalidArgumentError('Value for attr \'data_format\' of "%s" is not in the list of allowed values: '
                                     '"NHWC", "NCHW", "NCHW_VECT_C"\n\t; NodeDef: {{node %s}}%s'
                                     % (data_format, kernel, _op_def(kernel)))
        error.add_note('%s: data_format must be "NHWC" (TensorFlow\'s CPU kernels), got %r' % (op, data_format))
        raise error
    named = (name or True) if fast_path(input) else False
    if data_format != 'NHWC':
        raise _no_kernel(x, size, data_format, kernel, op, named)
    if x.ndim != 4:     # SpaceToDepth's kernel words it without DepthToSpace's colons
        words = ('Input rank should be: 4 instead of: %d' if kernel == 'DepthToSpace'
                 else 'Input rank should be 4 instead of %d') % x.ndim
        raise kernel_error(kernel, words, named=named,
                           note='%s: input must be 4-D (batch, height, width, channels), got shape %s'
                                % (op, tuple(x.shape)))
    return x, size, named


@tf_named('depth_to_space_v2')
@named_errors('depth_to_space')
def depth_to_space(input, block_size, data_format='NHWC', name=None):  # noqa: A002
    """(N, H, W, C * b * b) to (N, H * b, W * b, C): each pixel's channels become a b x b block.

    Raises:
        InvalidArgumentError: channels not divisible by block_size ** 2, or an input not 4-D (TF 2.21's kernel words).
    """
    x, b, named = _checked(input, block_size, data_format, 'depth_to_space', name)
    n, h, w, c = x.shape
    if c % (b * b):
        raise kernel_error('DepthToSpace', 'Input depth dimension %d should be divisible by: %d' % (c, b * b),
                           named=named, note='depth_to_space: the channels (%d) must divide by block_size ** 2 = %d'
                                            % (c, b * b))
    blocks = transpose(reshape(x, (n, h, w, b, b, c // (b * b))), [0, 1, 3, 2, 4, 5])
    return reshape(blocks, (n, h * b, w * b, c // (b * b)))


@tf_named('space_to_depth_v2')
@named_errors('space_to_depth')
def space_to_depth(input, block_size, data_format='NHWC', name=None):  # noqa: A002
    """(N, H, W, C) to (N, H / b, W / b, C * b * b): each b x b block becomes one pixel's channels.

    Raises:
        InvalidArgumentError: height or width not divisible by block_size, or an input not 4-D (the kernel's words).
    """
    x, b, named = _checked(input, block_size, data_format, 'space_to_depth', name)
    n, h, w, c = x.shape
    if h % b or w % b:
        raise kernel_error('SpaceToDepth', 'Image width %d and height %d should be divisible by block_size: %d'
                           % (w, h, b), named=named,
                           note='space_to_depth: height %d and width %d must divide by block_size %d' % (h, w, b))
    blocks = transpose(reshape(x, (n, h // b, b, w // b, b, c)), [0, 1, 3, 2, 4, 5])
    return reshape(blocks, (n, h // b, w // b, b * b * c))
