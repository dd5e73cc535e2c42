"""Box operations of ``tf.image``: crop_and_resize and draw_bounding_boxes (suppression: nms.py).

Boxes are [y1, x1, y2, x2] in normalised coordinates (0 and 1 are the first and
last pixel centres for crop_and_resize). crop_and_resize runs TF's kernels on the host:
CropAndResize and its image gradient (crop_resize_kernel.py), the boxes' gradient
CropAndResizeGradBoxes (crop_boxes_gradient.py).
"""
import numpy as np

from ... import backend
from ...errors import fast_path, kernel_error
from ..operands import as_tensor
from ...tensor import Tensor
from ...tensor import convert_to_tensor
from . import crop_checks
from .kernel_dtypes import refuse_dtype
from ..operands import ACTIVE, named_errors, record
from .crop_boxes_gradient import crop_boxes_gradient
from . import crop_resize_kernel
from ..unregistered_gradient import without_gradient
from ...tf_python_names import tf_named


def _host(x, op, what, kind='f'):
    data = np.asarray(backend.to_host(as_tensor(x, op)._data))
    if data.dtype.kind not in ('fiu' if kind == 'f' else 'iu'):
        raise TypeError('%s: %s must be %s, got dtype %s' % (op, what, 'numeric' if kind == 'f' else 'integer',
                                                             data.dtype.name))
    return data


@tf_named('crop_and_resize_v2')
@named_errors('image.crop_and_resize')
def crop_and_resize(image, boxes, box_indices, crop_size, method='bilinear', extrapolation_value=0.0, name=None):
    """For each box, the crop of image[box_indices[k]] resampled to ``crop_size`` (float32,
    (num_boxes, crop_height, crop_width, channels)); samples outside the image read ``extrapolation_value``."""
    op = 'image.crop_and_resize'
    x = refuse_dtype(as_tensor(image, op), 'CropAndResize', op, 'images')
    given = boxes
    boxes = convert_to_tensor(boxes, 'float32')     # a tensor of another dtype is TF's conversion ValueError
    b, index, (height, width) = crop_checks.check(x, boxes, box_indices, crop_size, method, op)
    xp = backend.array_module(x._data)
    image_host = backend.to_host(x._data)
    out = Tensor(xp.asarray(crop_resize_kernel.crops(image_host, b, index, height, width, method,
                                                     extrapolation_value)))
    if ACTIVE:
        _record(out, x, image_host, given, b, index, method)
    return out


def _record(out, image, image_host, boxes, b, index, method):
    """CropAndResize on the tapes: the image's gradient is CropAndResizeGradImage (float images only, no
    gradient of its own), the boxes' CropAndResizeGradBoxes (float32 boxes given as a tensor)."""
    def image_vjp(g, y, *inputs):
        def backprop(g):
            value = crop_resize_kernel.image_gradient(backend.to_host(g._data), b, index, image_host.shape,
                                                      image_host.dtype, method)
            return Tensor(backend.array_module(g._data).asarray(value))
        return without_gradient('CropAndResizeGradImage', backprop, g)

    def boxes_vjp(g, y, *inputs):
        value = crop_boxes_gradient(backend.to_host(g._data), image_host, b, index)
        return Tensor(backend.array_module(g._data).asarray(value))
    inputs, vjps = [], []
    if image._data.dtype.kind == 'f':
        inputs.append(image)
        vjps.append(image_vjp)
    if isinstance(boxes, Tensor) and boxes.dtype == 'float32':
        inputs.append(boxes)
        vjps.append(boxes_vjp)
    if inputs:
        record('CropAndResize', tuple(inputs), out, tuple(vjps))


@tf_named('draw_bounding_boxes_v2')
@named_errors('image.draw_bounding_boxes')
def draw_bounding_boxes(images, boxes, colors, name=None):
    """Images (batch, height, width, depth) with each box's one-pixel outline drawn in its colour
    (colours cycle over the boxes); boxes are (batch, num_boxes, 4) in [0, 1]. ``colors=None`` draws in
    the default colours, as TF 2.21 then runs the first DrawBoundingBoxes kernel (whose errors it names)."""
    op = 'image.draw_bounding_boxes'
    kernel = 'DrawBoundingBoxes' if colors is None else 'DrawBoundingBoxesV2'
    named = fast_path(images, boxes, colors)      # (a Python list among them: no ' name: ' tail)
    x = refuse_dtype(as_tensor(images, op), 'DrawBoundingBoxesV2', op, 'images', named=named)
    b = _host(boxes, op, 'boxes').astype(np.float32)
    palette = np.zeros((0, 4), np.float32) if colors is None else _host(colors, op, 'colors').astype(np.float32)
    _check_drawing(x.shape, b.shape, None if colors is None else palette.shape, named, kernel)
    out = np.array(backend.to_host(x._data))
    h, w = out.shape[1], out.shape[2]
    depth = out.shape[3]
    palette = palette[:, :depth] if palette.size else _default_colours(depth)
    for n in range(b.shape[0]):
        for k, (y1, x1, y2, x2) in enumerate(b[n]):
            colour = palette[k % len(palette)].astype(out.dtype)
            top, bottom = int(y1 * (h - 1)), int(y2 * (h - 1))
            left, right = int(x1 * (w - 1)), int(x2 * (w - 1))
            if top > bottom or left > right or bottom < 0 or right < 0 or top >= h or left >= w:
                continue
            rows = slice(max(top, 0), min(bottom, h - 1) + 1)
            cols = slice(max(left, 0), min(right, w - 1) + 1)
            for r in (top, bottom):
                if 0 <= r < h:
                    out[n, r, cols] = colour
            for c in (left, right):
                if 0 <= c < w:
                    out[n, rows, c] = colour
    return Tensor(backend.array_module(x._data).asarray(out))


def _check_drawing(image_shape, box_shape, colour_shape, named, kernel):
    """The DrawBoundingBoxes(V2) kernel's checks of its operands' shapes, in its order and words (the
    first kernel has no colours: ``colour_shape`` None)."""
    def refuse(text, note):
        raise kernel_error(kernel, text, named=named,
                           note='image.draw_bounding_boxes: %s; got images %s, boxes %s, colors %s'
                                % (note, tuple(image_shape), tuple(box_shape), colour_shape and tuple(colour_shape)))
    if len(image_shape) != 4:
        refuse('The rank of the images should be 4', 'images must be 4-D (batch, height, width, channels)')
    if len(box_shape) != 3:
        refuse('The rank of the boxes tensor should be 3', 'boxes must be 3-D (batch, num_boxes, 4)')
    if image_shape[0] != box_shape[0]:
        refuse('The batch sizes should be the same', 'images and boxes must have one batch size')
    if image_shape[3] not in (1, 3, 4):
        refuse('Channel depth should be either 1 (GRY), 3 (RGB), or 4 (RGBA)', 'images must have 1, 3 or 4 channels')
    if box_shape[2] != 4:
        refuse('The size of the third dimension of the box must be 4. Received: %d' % box_shape[2],
               'each box must be [y_min, x_min, y_max, x_max]')
    if colour_shape is None:
        return
    if len(colour_shape) != 2:
        refuse('colors must be a 2-D matrix%s' % _dims(colour_shape), 'colors must be 2-D (num_colors, channels)')
    if colour_shape[1] < image_shape[3]:
        refuse('colors must have equal or more channels than the image provided: %s' % _dims(colour_shape),
               'each colour needs a value for every channel of the images')


def _dims(shape):
    return '[%s]' % ','.join(str(d) for d in shape)


# the kernel's colours where ``colors`` is empty (yellow, blue, red, lime, purple, olive, maroon, navy, aqua,
# fuchsia), as RGBA; one-channel images take a first channel of 1 for all
_DEFAULT_COLOURS = np.array([[1, 1, 0, 1], [0, 0, 1, 1], [1, 0, 0, 1], [0, 1, 0, 1], [0.5, 0, 0.5, 1],
                             [0.5, 0.5, 0, 1], [0.5, 0, 0, 1], [0, 0, 0.5, 1], [0, 1, 1, 1], [1, 0, 1, 1]], np.float32)


def _default_colours(depth):
    table = _DEFAULT_COLOURS.copy()
    if depth == 1:
        table[:, 0] = 1
    return table[:, :depth]
