"""Flips, rotations, crops and pads of images (3-D or batched 4-D, channels last).

All are index moves (reverse, transpose, slicing, pad), so gradients flow back
to the pixels they moved, and every dtype is accepted, as in TensorFlow.
"""
import numpy as np

from ..indexing import gather
from ..operands import as_tensor
from ..shapes import cast, pad, reshape, reverse, transpose as _transpose
from . import patch_attrs
from .layout import AT_LEAST_3D, CENTRAL, EITHER, FLIP, batched, integer_arg, positive_targets
from ...errors import NotFoundError, noted
from ..operands import named_errors
from ...assertions import Assert
from ...tensor import convert_to_tensor
from ...tf_python_names import tf_named


@named_errors('image.flip_left_right')
def flip_left_right(image):
    """Images mirrored along the width."""
    x, undo = batched(image, 'image.flip_left_right', tf_rank=FLIP, nonzero=True)
    return undo(reverse(x, [2]))


@named_errors('image.flip_up_down')
def flip_up_down(image):
    """Images mirrored along the height."""
    x, undo = batched(image, 'image.flip_up_down', tf_rank=FLIP, nonzero=True)
    return undo(reverse(x, [1]))


@named_errors('image.transpose')
def transpose(image, name=None):
    """Images with height and width swapped."""
    x, undo = batched(image, 'image.transpose', tf_rank=AT_LEAST_3D, nonzero=True)
    return undo(_transpose(x, [0, 2, 1, 3]))


@named_errors('image.rot90')
def rot90(image, k=1, name=None):
    """Images rotated counter-clockwise by ``k`` quarter turns (k may be negative)."""
    x, undo = batched(image, 'image.rot90', tf_rank=AT_LEAST_3D, nonzero=True)
    if k is None or isinstance(k, (float, str, bytes)):     # TF converts k to an int32 tensor
        raise noted(ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                               "Tensor.") if k is None else TypeError('Cannot convert %r to EagerTensor of dtype int32'
                                                                      % (k,)),
                    'image.rot90: k must be an integer, got %r' % (k,))
    turns = integer_arg(k, 'image.rot90', 'k', low=-2 ** 62) % 4
    if turns == 1:
        x = _transpose(reverse(x, [2]), [0, 2, 1, 3])
    elif turns == 2:
        x = reverse(x, [1, 2])
    elif turns == 3:
        x = reverse(_transpose(x, [0, 2, 1, 3]), [2])
    return undo(x)


@named_errors('image.crop_to_bounding_box')
def crop_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    """The window of ``target_height`` x ``target_width`` pixels whose top-left corner is at the offsets."""
    op = 'image.crop_to_bounding_box'
    x, undo = batched(image, op, tf_rank=EITHER, nonzero='batched')
    top, left, height, width = (integer_arg(value, op, what, low=-2 ** 62) for value, what in (
        (offset_height, 'offset_height'), (offset_width, 'offset_width'), (target_height, 'target_height'),
        (target_width, 'target_width')))
    _check_box([(left >= 0, 'offset_width must be >= 0.', offset_width),
                (top >= 0, 'offset_height must be >= 0.', offset_height),
                (width > 0, 'target_width must be > 0.', target_width),
                (height > 0, 'target_height must be > 0.', target_height),
                (x.shape[2] >= width + left, 'width must be >= target + offset.', target_width, offset_width),
                (x.shape[1] >= height + top, 'height must be >= target + offset.', target_height, offset_height)])
    return undo(x[:, top:top + height, left:left + width, :])


@named_errors('image.pad_to_bounding_box')
def pad_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    """Images zero-padded to ``target_height`` x ``target_width``, placed at the offsets."""
    op = 'image.pad_to_bounding_box'
    x, undo = batched(image, op, tf_rank=EITHER, nonzero='batched')
    top, left, height, width = (integer_arg(value, op, what, low=-2 ** 62) for value, what in (
        (offset_height, 'offset_height'), (offset_width, 'offset_width'), (target_height, 'target_height'),
        (target_width, 'target_width')))
    bottom, right = height - top - x.shape[1], width - left - x.shape[2]
    _check_box([(top >= 0, 'offset_height must be >= 0', offset_height),
                (left >= 0, 'offset_width must be >= 0', offset_width),
                (right >= 0, 'width must be <= target - offset', target_width, offset_width),
                (bottom >= 0, 'height must be <= target - offset', target_height, offset_height)])
    return undo(pad(x, [[0, 0], [top, bottom], [left, right], [0, 0]]))


def _check_box(checks):
    """TensorFlow's checks of a crop or pad box, in its order (its words differ between the two): each
    (holds, message, the arguments compared). TF compares Python numbers in Python (ValueError) and
    tensors with an Assert op, whose eager failure is InvalidArgumentError "Expected 'tf.Tensor(False,
    ...)' to be true. Summarized data: b'<message>'" (keras.io's CutMix passes keras.ops results)."""
    for holds, message, *arguments in checks:
        if holds:
            continue
        if any(hasattr(argument, 'numpy') for argument in arguments):
            Assert(convert_to_tensor(False), [message])
        raise ValueError(message)


@named_errors('image.central_crop')
def central_crop(image, central_fraction):
    """The centred window holding ``central_fraction`` (in (0, 1]) of each side."""
    op = 'image.central_crop'
    x, undo = batched(image, op, tf_rank=CENTRAL, nonzero=True)
    fraction = float(central_fraction)
    if not 0.0 < fraction <= 1.0:
        raise noted(ValueError('central_fraction must be within (0, 1]'),
                    '%s: got central_fraction=%r' % (op, central_fraction))
    if fraction == 1.0:
        return image if hasattr(image, '_data') else undo(x)
    h, w = x.shape[1], x.shape[2]
    top, left = int((h - h * fraction) / 2), int((w - w * fraction) / 2)
    return undo(x[:, top:h - top, left:w - left, :])


@tf_named('resize_image_with_crop_or_pad')
@named_errors('image.resize_with_crop_or_pad')
def resize_with_crop_or_pad(image, target_height, target_width):
    """Images centre-cropped and/or zero-padded to ``target_height`` x ``target_width``."""
    op = 'image.resize_with_crop_or_pad'
    x, undo = batched(image, op, tf_rank=EITHER, nonzero='batched')
    positive_targets(target_height, target_width, op)
    height, width = integer_arg(target_height, op, 'target_height', 1), integer_arg(target_width, op, 'target_width', 1)
    h, w = x.shape[1], x.shape[2]
    crop_top, crop_left = max((h - height) // 2, 0), max((w - width) // 2, 0)
    pad_top, pad_left = max((height - h) // 2, 0), max((width - w) // 2, 0)
    x = x[:, crop_top:crop_top + min(height, h), crop_left:crop_left + min(width, w), :]
    return undo(pad(x, [[0, 0], [pad_top, height - x.shape[1] - pad_top], [pad_left, width - x.shape[2] - pad_left],
                        [0, 0]]))


def _window_indices(size, kernel, stride, rate, padding):
    """(padding before, padding after, (count, kernel) indices) of the windows along one axis."""
    reach = (kernel - 1) * rate + 1
    if padding == 'VALID':
        count = max(0, (size - reach) // stride + 1)
        before = after = 0
    else:
        count = -(-size // stride)
        total = max((count - 1) * stride + reach - size, 0)
        before, after = total // 2, total - total // 2
    starts = np.arange(count)[:, None] * stride + np.arange(kernel)[None, :] * rate
    return before, after, starts.astype(np.int32)


@tf_named('extract_image_patches_v2')
@named_errors('image.extract_patches')
def extract_patches(images, sizes, strides, rates, padding):
    """Patches of sizes[1] x sizes[2] pixels every strides[1:3] pixels (dilated by rates[1:3]), each
    flattened (row, column, channel) into the last axis: (batch, rows, cols, kh * kw * channels)."""
    op = 'image.extract_patches'
    x = as_tensor(images, op)
    try:
        given = sizes, strides, rates
        sizes, strides, rates, mode = patch_attrs.check(x, sizes, strides, rates, padding, op)
    except NotFoundError as error:      # bool: no CPU kernel; a tf.function's graph builds the node, its run fails
        if not getattr(error, 'missing_kernel', None):
            raise
        from ... import graph_missing_kernels
        built = graph_missing_kernels.built_node(error, x, tuple(extract_patches(cast(x, 'uint8'), *given,
                                                                                 padding).shape))
        if built is None:
            raise
        return built
    (top, bottom, rows), (left, right, cols) = (
        _window_indices(x.shape[1 + a], sizes[a], strides[a], rates[a], mode) for a in (0, 1))
    x = pad(x, [[0, 0], [top, bottom], [left, right], [0, 0]])
    windows = gather(gather(x, rows, axis=1), cols, axis=3)               # (b, oh, kh, ow, kw, c)
    windows = _transpose(windows, [0, 1, 3, 2, 4, 5])
    n, oh, ow = windows.shape[:3]
    # the depth spelled out: -1 cannot be inferred when there are no patches (an empty batch)
    return reshape(windows, [n, oh, ow, sizes[0] * sizes[1] * x.shape[3]])
