"""Traced shape rules of windowed and image ops (convolutions, pools, patches, frames, resize, crop,
grayscale): each spatial length open where the input's is, the rest known (TF 2.21's shape functions)."""
from .tensor import Tensor
from .traced_shape_reads import traced_shape


def _conv(parameters, shapes, result):
    """tf.nn.conv2d (NHWC) / conv1d (NWC) / convolution (NDHWC too): the batch and each spatial length open
    where the input's is, the depth the filters' output depth (as TF 2.21 prints them: shape=(None, 4, 4, 5))."""
    x, f = parameters.get('input'), parameters.get('filters')
    shape = traced_shape(x, True) if isinstance(x, Tensor) else None
    kernel = traced_shape(f, True) if isinstance(f, Tensor) else None
    rank = result._data.ndim
    if shape is None or kernel is None or len(shape) != rank or len(kernel) != rank \
            or parameters.get('data_format') not in (None, 'NHWC', 'NWC', 'NDHWC'):
        return None
    out = tuple(result._data.shape)
    return tuple(None if shape[i] is None else out[i] for i in range(rank - 1)) + (kernel[-1],)


def pooled(parameters, shapes, result):
    """tf.nn's max / avg pools (channels last): each length open where the input's is, the depth the
    input's (TF 2.21: max_pool2d of a (None, None, None, 3) input is (None, None, None, 3))."""
    x = parameters.get('input')
    shape = traced_shape(x, True) if isinstance(x, Tensor) else None
    rank = result._data.ndim
    if shape is None or len(shape) != rank or parameters.get('data_format') not in (None, 'NWC', 'NHWC', 'NDHWC'):
        return None
    out = tuple(result._data.shape)
    return tuple(None if shape[i] is None else out[i] for i in range(rank))


def _patches(parameters, shapes, result):
    """tf.image.extract_patches: (batch, rows, cols, kh * kw * channels), each open where the images' length is
    (TF 2.21: (None, 4, 4, 1) images in 2 x 2 patches give (None, 3, 3, 4))."""
    shape = shapes[0] if len(shapes) == 1 else None
    if shape is None or len(shape) != 4 or result._data.ndim != 4:
        return None
    return tuple(None if d is None else n for d, n in zip(shape, result._data.shape))


def _frames(parameters, shapes, result):
    """tf.signal.frame / stft: the framed axis becomes (frames, frame_length), or for stft
    (frames, fft_length // 2 + 1) last; the count of frames is open where the framed length is
    (TF 2.21: stft of a (2, None) signal is (2, None, 193)), the other lengths as the signal's."""
    shape = shapes[0] if len(shapes) == 1 else None
    if shape is None:
        return None
    out = tuple(result._data.shape)
    axis = parameters.get('axis', -1)
    if not isinstance(axis, int) or not -len(shape) <= axis < len(shape):
        return None
    axis %= len(shape)
    frames = None if shape[axis] is None else out[axis]
    return shape[:axis] + (frames, out[axis + 1]) + shape[axis + 1:]


def _grayscale(parameters, shapes, result):
    return None if not shapes or shapes[0] is None else tuple(shapes[0][:-1]) + (1,)


def _resized(parameters, shapes, result):
    """tf.image.resize of one image or a batch: the batch length, the given size, the image's channels."""
    size = parameters.get('size')
    if not shapes or shapes[0] is None or type(size) not in (list, tuple) or len(size) != 2 \
            or not all(type(n) is int for n in size):
        return None
    return tuple(shapes[0][:-3]) + tuple(size) + tuple(shapes[0][-1:])


def _cropped(parameters, shapes, result):
    """tf.image.central_crop: the window's height and width follow the image's, which the trace leaves open."""
    shape = shapes[0] if shapes else None
    return None if shape is None or len(shape) < 3 else tuple(shape[:-3]) + (None, None) + tuple(shape[-1:])


RULES = {
    'conv': _conv, 'pool': pooled, 'patches': _patches, 'frames': _frames, 'grayscale': _grayscale,
    'resized': _resized, 'cropped': _cropped,
}
