"""``keras.applications.imagenet_utils``: the input-shape rules and preprocessing that Keras 3's
ImageNet models share, with Keras's messages."""
import json
import os
import warnings

import numpy as np

from framework.tensor import Tensor
from layers.functional.keras_tensor import is_keras_tensor

from .. import activations, layers, ops
from ..backend import floatx, image_data_format
from ..files import DownloadError, get_file

_CLASS_INDEX_URL = 'https://storage.googleapis.com/download.tensorflow.org/data/imagenet_class_index.json'
_CAFFE_MEAN = (103.939, 116.779, 123.68)        # the ImageNet channel means, BGR
_TORCH_MEAN, _TORCH_STD = (0.485, 0.456, 0.406), (0.229, 0.224, 0.225)
_class_index = None


def check_weights(weights, include_top, classes):
    """Keras 3's checks (and words, as VGG and ResNet phrase them) of ``weights`` and ``classes``.

    Raises:
        ValueError: weights that are not None, 'imagenet' or an existing file; 'imagenet' with a
            top of other than 1000 classes.
    """
    if not (weights in {'imagenet', None} or os.path.exists(weights)):
        raise ValueError("The `weights` argument should be either `None` (random initialization), 'imagenet' "
                         '(pre-training on ImageNet), or the path to the weights file to be loaded.  Received: '
                         'weights=%s' % (weights,))
    if weights == 'imagenet' and include_top and classes != 1000:
        raise ValueError("If using `weights='imagenet'` with `include_top=True`, `classes` should be 1000.  "
                         'Received classes=%s' % (classes,))


def image_input(input_tensor, input_shape):
    """The model's input: a new Input of ``input_shape``, or the KerasTensor given as ``input_tensor``.

    Raises:
        ValueError: an ``input_tensor`` that is not a KerasTensor.
    """
    from ..backend import is_keras_tensor
    if input_tensor is None:
        return layers.Input(shape=input_shape)
    if is_keras_tensor(input_tensor):
        return input_tensor
    raise ValueError('Argument `input_tensor` must be a KerasTensor (keras.Input or a layer output). '
                     'Received invalid type: %s' % type(input_tensor).__name__)


def finish_model(img_input, input_tensor, outputs, name, weights, imagenet_file):
    """The application's Functional model, from its source inputs to ``outputs``, with its weights:
    'imagenet' from ``imagenet_file()`` (the cached file's path), a file path, or None (as built)."""
    from layers.functional.functional_model import Functional
    from ..source_inputs import get_source_inputs
    inputs = get_source_inputs(input_tensor) if input_tensor is not None else img_input
    model = Functional(inputs, outputs, name=name)
    if weights == 'imagenet':
        try:
            path = imagenet_file()
        except DownloadError as err:
            if 'weights=None' in str(err):        # already says what to do (weights_file)
                raise
            raise DownloadError("Model '%s' with weights='imagenet' needs Keras's weight file, which cannot be "
                                'downloaded here: %s. Or pass weights=None (random initial weights) or '
                                'weights=<path of a weights file>.' % (name, err)) from None
        model.load_weights(path)
    elif weights is not None:
        model.load_weights(weights)
    return model


def obtain_input_shape(input_shape, default_size, min_size, data_format, require_flatten, weights=None):
    """The model's input shape: ``input_shape`` checked, or the default (Keras 3's rules).

    Raises:
        ValueError: a shape that is not 3 long, has other than 3 channels with 'imagenet',
            is smaller than ``min_size``, differs from the default with a flattened 'imagenet'
            top, or has None sizes with a flattened top.
    """
    first = data_format == 'channels_first'
    if weights != 'imagenet' and input_shape and len(input_shape) == 3:
        channels = input_shape[0] if first else input_shape[-1]
        if channels not in {1, 3}:
            warnings.warn('This model usually expects 1 or 3 input channels. However, it was passed an input_shape '
                          'with %s input channels.' % (channels,), stacklevel=3)
        default_shape = (channels, default_size, default_size) if first else (default_size, default_size, channels)
    else:
        default_shape = (3, default_size, default_size) if first else (default_size, default_size, 3)
    if weights == 'imagenet' and require_flatten:
        if input_shape is not None and input_shape != default_shape:
            raise ValueError('When setting `include_top=True` and loading `imagenet` weights, `input_shape` should '
                             'be %s.  Received: input_shape=%s' % (default_shape, input_shape))
        return default_shape
    if input_shape:
        if len(input_shape) != 3:
            raise ValueError('`input_shape` must be a tuple of three integers.')
        channels, sizes = (input_shape[0], input_shape[1:]) if first else (input_shape[-1], input_shape[:2])
        if channels != 3 and weights == 'imagenet':
            raise ValueError('The input must have 3 channels; Received `input_shape=%s`' % (input_shape,))
        if any(size is not None and size < min_size for size in sizes):
            raise ValueError('Input size must be at least %sx%s; Received: input_shape=%s'
                             % (min_size, min_size, input_shape))
    elif require_flatten:
        input_shape = default_shape
    else:
        input_shape = (3, None, None) if first else (None, None, 3)
    if require_flatten and None in input_shape:
        raise ValueError('If `include_top` is True, you should specify a static `input_shape`. Received: '
                         'input_shape=%s' % (input_shape,))
    return input_shape


def classifier_head(x, include_top, pooling, classes, classifier_activation, weights, top_pool_name=None,
                    pool_names=(None, None)):
    """The end most ImageNet models share: with ``include_top``, global average pooling
    (``top_pool_name``) and the 'predictions' Dense; otherwise the optional 'avg' / 'max'
    pooling (``pool_names``). Layer names and creation order are Keras 3's."""
    if include_top:
        x = layers.GlobalAveragePooling2D(name=top_pool_name)(x)
        validate_activation(classifier_activation, weights)
        return layers.Dense(classes, activation=classifier_activation, name='predictions')(x)
    if pooling == 'avg':
        return layers.GlobalAveragePooling2D(name=pool_names[0])(x)
    if pooling == 'max':
        return layers.GlobalMaxPooling2D(name=pool_names[1])(x)
    return x


def validate_activation(classifier_activation, weights):
    """Pretrained weights allow only a softmax (or no) classifier activation, as in Keras 3.

    Raises:
        ValueError: another activation with ``weights`` given.
    """
    if weights is None:
        return
    activation = activations.get(classifier_activation)
    if activation not in {activations.get('softmax'), activations.get(None)}:
        raise ValueError('Only `None` and `softmax` activations are allowed for the `classifier_activation` argument '
                         'when using pretrained weights, with `include_top=True`; Received: '
                         'classifier_activation=%s' % (activation,))


def preprocess_input(x, data_format=None, mode='caffe'):
    """A batch of RGB images (0-255) as the ImageNet models expect them.

    mode 'caffe': to BGR, minus the ImageNet means; 'tf': scaled to [-1, 1]; 'torch': scaled
    to [0, 1], minus the means, over the standard deviations. A float numpy array is changed
    in place where Keras changes it in place.
    Raises:
        ValueError: an unknown mode or data_format (Keras 3's messages).
    """
    if mode not in {'caffe', 'tf', 'torch'}:
        raise ValueError('Expected mode to be one of `caffe`, `tf` or `torch`. Received: mode=%s' % (mode,))
    if data_format is None:
        data_format = image_data_format()
    elif data_format not in {'channels_first', 'channels_last'}:
        raise ValueError('Expected data_format to be one of `channels_first` or `channels_last`. Received: '
                         'data_format=%s' % (data_format,))
    if isinstance(x, np.ndarray):
        return _preprocess_array(x, data_format, mode)
    return _preprocess_tensor(x, data_format, mode)


def _channel_axis(x, data_format):
    if data_format == 'channels_last':
        return x.ndim - 1
    return 0 if x.ndim == 3 else 1


def _preprocess_array(x, data_format, mode):
    if not issubclass(x.dtype.type, np.floating):
        x = x.astype(floatx(), copy=False)
    if mode == 'tf':
        x /= 127.5
        x -= 1.0
        return x
    axis = _channel_axis(x, data_format)
    if mode == 'torch':
        x /= 255.0
        mean, std = _TORCH_MEAN, _TORCH_STD
    else:
        x = np.flip(x, axis)        # RGB -> BGR: a view, so the caller's array changes too, as in Keras
        mean, std = _CAFFE_MEAN, None
    for channel in range(3):
        index = (slice(None),) * axis + (channel,)
        x[index] -= mean[channel]
        if std is not None:
            x[index] /= std[channel]
    return x


def _preprocess_tensor(x, data_format, mode):
    if is_keras_tensor(x):
        return _preprocess_symbolic(x, data_format, mode)
    x = ops.convert_to_tensor(x) if not isinstance(x, Tensor) else x
    if mode == 'tf':
        return x / 127.5 - 1.0
    axis = _channel_axis(x, data_format)
    if mode == 'torch':
        x = x / 255.0
        mean, std = _TORCH_MEAN, _TORCH_STD
    else:
        x = ops.flip(x, axis=axis)
        mean, std = _CAFFE_MEAN, None
    shape = [1] * x.ndim
    shape[axis] = 3
    x = x + ops.reshape(ops.convert_to_tensor(-np.array(mean), dtype=x.dtype), shape)
    if std is not None:
        x = x / ops.reshape(ops.convert_to_tensor(np.array(std), dtype=x.dtype), shape)
    return x


def _preprocess_symbolic(x, data_format, mode):
    """On a ``keras.Input``: the keras.ops Keras 3 records in the model's graph (TrueDivide,
    Subtract; GetItem, Stack and Add for 'caffe'), so that summaries and configs match."""
    ndim = x.ndim
    if mode == 'tf':
        return x / 127.5 - 1.0
    if mode == 'torch':
        x = x / 255.0
        mean, std = _TORCH_MEAN, _TORCH_STD
    else:                                   # RGB -> BGR, one channel at a time as Keras does
        if data_format == 'channels_first':
            x = ops.stack([x[i, ...] for i in (2, 1, 0)], axis=0) if ndim == 3 else \
                ops.stack([x[:, i, :] for i in (2, 1, 0)], axis=1)
        else:
            x = ops.stack([x[..., i] for i in (2, 1, 0)], axis=-1)
        mean, std = _CAFFE_MEAN, None
    mean_tensor = ops.convert_to_tensor(-np.array(mean), dtype=x.dtype)
    if data_format == 'channels_first':
        shape = (3, 1, 1) if ndim == 3 else (1, 3) + (1,) * (ndim - 2)
    else:
        shape = (1,) * (ndim - 1) + (3,)
    x = x + ops.reshape(mean_tensor, shape)
    if std is not None:
        std_tensor = ops.convert_to_tensor(np.array(std), dtype=x.dtype)
        x = x / (ops.reshape(std_tensor, (-1, 1, 1)) if data_format == 'channels_first' else std_tensor)
    return x


def decode_predictions(preds, top=5):
    """The ``top`` ImageNet classes of each prediction, as (class id, name, score), best first.

    The class index is Keras's ``imagenet_class_index.json``, from Keras's cache (``models``).
    Raises:
        ValueError: ``preds`` is not (samples, 1000) (Keras 3's message).
    """
    global _class_index
    if len(preds.shape) != 2 or preds.shape[1] != 1000:
        raise ValueError('`decode_predictions` expects a batch of predictions (i.e. a 2D array of shape '
                         '(samples, 1000)). Received array with shape: %s' % (tuple(preds.shape),))
    if _class_index is None:
        path = get_file('imagenet_class_index.json', _CLASS_INDEX_URL, cache_subdir='models',
                        file_hash='c2c37ea517e94d9795004a39431a14cb')
        with open(path) as f:
            _class_index = json.load(f)
    results = []
    for pred in ops.convert_to_numpy(preds):
        top_indices = pred.argsort()[-top:][::-1]
        result = [tuple(_class_index[str(i)]) + (pred[i],) for i in top_indices]
        result.sort(key=lambda item: item[2], reverse=True)
        results.append(result)
    return results


def correct_pad(inputs, kernel_size):
    """The ((top, bottom), (left, right)) zero padding that makes a strided 'valid' convolution
    of ``kernel_size`` over ``inputs`` line up as TensorFlow's 'same' does (Keras 3's rule: one
    less row/column before when the size is even or unknown)."""
    first_size = 2 if image_data_format() == 'channels_first' else 1
    size = inputs.shape[first_size:first_size + 2]
    if isinstance(kernel_size, int):
        kernel_size = (kernel_size, kernel_size)
    adjust = (1, 1) if size[0] is None else (1 - size[0] % 2, 1 - size[1] % 2)
    half = (kernel_size[0] // 2, kernel_size[1] // 2)
    return (half[0] - adjust[0], half[0]), (half[1] - adjust[1], half[1])
