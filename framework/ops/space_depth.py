"""``tf.nn.depth_to_space`` and ``space_to_depth``: blocks of pixels moved to and from channels.

Both are a reshape, a transpose and a reshape, so the gradient of each is the other.
Channels last (NHWC) only, as TensorFlow's CPU kernels.
"""
from ..errors import InvalidArgumentError, kernel_error
from .operands import as_tensor, named_errors
from .shapes import reshape, transpose


def _checked(input, block_size, data_format, op):  # noqa: A002
    x = as_tensor(input, op)
    if data_format != 'NHWC':
        raise ValueError("%s: only data_format='NHWC' is supported, got %r; transpose the input to channels last"
                         % (op, data_format))
    if isinstance(block_size, bool) or not isinstance(block_size, int):
        raise ValueError('%s: block_size must be an int >= 2, got %r' % (op, block_size))
    kernel = 'DepthToSpace' if op == 'depth_to_space' else 'SpaceToDepth'
    if block_size < 2:      # the op registry's attr check
        error = InvalidArgumentError("Value for attr 'block_size' of %d must be at least minimum 2\n\t; NodeDef: "
                                     '{{node %s}}' % (block_size, kernel))
        error.add_note('%s: block_size must be an int >= 2, got %r' % (op, block_size))
        raise error
    if x.ndim != 4:
        raise kernel_error(kernel, 'Input rank should be: 4 instead of: %d' % x.ndim, named=True,
                           note='%s: input must be 4-D (batch, height, width, channels), got shape %s'
                                % (op, tuple(x.shape)))
    return x


@named_errors('depth_to_space')
def depth_to_space(input, block_size, data_format='NHWC', name=None):  # noqa: A002
    """(N, H, W, C * b * b) to (N, H * b, W * b, C): each pixel's channels become a b x b block.

    Raises:
        ValueError: channels not divisible by block_size ** 2.
    """
    x = _checked(input, block_size, data_format, 'depth_to_space')
    n, h, w, c = x.shape
    b = block_size
    if c % (b * b):
        raise kernel_error('DepthToSpace', 'Input depth dimension %d should be divisible by: %d' % (c, b * b),
                           named=True, note='depth_to_space: the channels (%d) must divide by block_size ** 2 = %d'
                                            % (c, b * b))
    blocks = transpose(reshape(x, (n, h, w, b, b, c // (b * b))), [0, 1, 3, 2, 4, 5])
    return reshape(blocks, (n, h * b, w * b, c // (b * b)))


@named_errors('space_to_depth')
def space_to_depth(input, block_size, data_format='NHWC', name=None):  # noqa: A002
    """(N, H, W, C) to (N, H / b, W / b, C * b * b): each b x b block becomes one pixel's channels.

    Raises:
        ValueError: height or width not divisible by block_size.
    """
    x = _checked(input, block_size, data_format, 'space_to_depth')
    n, h, w, c = x.shape
    b = block_size
    if h % b or w % b:
        raise kernel_error('SpaceToDepth', 'Image width %d and height %d should be divisible by block_size: %d'
                           % (w, h, b), named=True,
                           note='space_to_depth: height %d and width %d must divide by block_size %d' % (h, w, b))
    blocks = transpose(reshape(x, (n, h // b, b, w // b, b, c)), [0, 1, 3, 2, 4, 5])
    return reshape(blocks, (n, h // b, w // b, b * b * c))
