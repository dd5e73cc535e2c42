"""Resizing, CenterCrop and RandomCrop (Keras 3)."""
import numpy as np

from framework.ops import cast, expand_dims, squeeze
from framework.ops.shapes import pad, transpose
from framework.ops.image.resize import resize as image_resize
from framework.tape import thread_tapes
from framework.tensor import Tensor
from framework.tensor_conversion import convert_to_tensor

from framework.backend import array_module
from framework.keras.bounding_boxes.arrays import columns, joined
from framework.keras.bounding_boxes.formats import convert_array
from framework.keras.bounding_boxes.geometry import clip_array
from framework.keras.ops_image import check_resize_arguments
from framework.keras.seed_generator import make_default_seed

from .image_layer import SIXTEEN_BIT_FLOATS, ImageLayer
from ..listed_inputs import as_one_tensor
from ..training_flag import training_is_on
from .image_resize import aspect_crop_box, aspect_pad, aspect_pad_margins, integer_fill_value, resize
from .random_transformation import drawing_from, shape_of
from .size_arguments import as_size


def _size(value, arg, who, lowest=1):
    size = as_size(value)       # True and integer scalar tensors are sizes to Keras 3 too
    if lowest is None:          # a layer that checks nothing keeps a non-integer size as given
        return value if size is None else size
    if size is None or size < lowest:
        raise ValueError('%s: %s must be a positive int; received %s=%r' % (who, arg, arg, value))
    return size


class _SizedLayer(ImageLayer):
    """A layer whose output images are ``height`` x ``width``."""

    smallest_size = 1

    def __init__(self, height, width, **kwargs):
        super().__init__(**kwargs)
        self.height = _size(height, 'height', type(self).__name__, self.smallest_size)
        self.width = _size(width, 'width', type(self).__name__, self.smallest_size)

    def compute_output_shape(self, input_shape):
        # Keras 3's Resizing / CenterCrop place the size by rank alone, as on TF 2.21: a batched shape is
        # rank 4 and any other rank is taken as one image, so Resizing's symbolic call on (None, 6) gives
        # (2, 3) and on a rank-5 shape sets its first axes; an axis the shape lacks is the list's own
        # IndexError ('list assignment index out of range'), as there (RandomCrop's own rule below)
        shape = list(input_shape)
        first = int(self.data_format == 'channels_first') + int(len(shape) == 4)
        shape[first], shape[first + 1] = self.height, self.width
        return tuple(shape)

    def get_config(self):
        config = super().get_config()
        config.update(height=self.height, width=self.width)
        return config


def _taped_images(layer, inputs):
    """Whether ``inputs`` is a float image tensor under a watching tape, for a layer computing in a float
    dtype: such images are cropped, padded and resized by taped ops (TF's gradients flow back through
    Keras's, channels_first ones too), others on raw arrays."""
    return isinstance(inputs, Tensor) and inputs._data.dtype in _TAPED_DTYPES and layer.compute_dtype in _TAPED_DTYPES \
        and inputs.ndim in (3, 4) and thread_tapes()


_TAPED_DTYPES = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def _taped_batch(layer, inputs):
    """``inputs`` as a channels-last batch in the layer's compute dtype (Keras casts float images to it:
    float16 under mixed_float16), by taped ops."""
    batch = inputs if inputs.ndim == 4 else expand_dims(inputs, 0)
    if layer.data_format == 'channels_first':
        batch = transpose(batch, (0, 2, 3, 1))
    return batch if batch._data.dtype == layer.compute_dtype else cast(batch, layer.compute_dtype)


def _taped_output(layer, out, inputs):
    """The channels-last batch ``out`` in the layout and rank of ``inputs``, by taped ops."""
    if layer.data_format == 'channels_first':
        out = transpose(out, (0, 3, 1, 2))
    return out if inputs.ndim == 4 else squeeze(out, 0)


def _taped_resize(batch, height, width, interpolation, antialias=False):
    """``batch`` resized by tf.image.resize (TF's ResizeBilinearGrad / ResizeNearestNeighborGrad as its
    gradients), cast back to the images' dtype from the float32 it gives for all but 'nearest'."""
    out = image_resize(batch, (height, width), interpolation, antialias=antialias)
    return out if out.dtype == batch.dtype else cast(out, batch.dtype)


def _clipped_to_window(boxes, top, left, height, width):
    """xyxy boxes clipped to the window and measured from its corner."""
    x1, y1, x2, y2 = columns(boxes)
    x_end, y_end = left + width, top + height
    return joined(np.clip(x1, left, x_end) - left, np.clip(y1, top, y_end) - top,
                  np.clip(x2, left, x_end) - left, np.clip(y2, top, y_end) - top)


def _smart_resize(images, height, width):
    """Keras's smart_resize: crop the center to the target aspect ratio, then resize bilinearly."""
    top, left, h, w = aspect_crop_box(images.shape[1], images.shape[2], height, width)
    return resize(images[:, top:top + h, left:left + w], height, width)


class Resizing(_SizedLayer):
    """Images resized to ``height`` x ``width`` as ``tf.image.resize`` does (half-pixel centers).

    Args:
        interpolation: 'bilinear' (default), 'nearest', 'lanczos3', 'lanczos5', 'bicubic' or 'area'.
        crop_to_aspect_ratio: first crop the largest centered box with the target's aspect ratio.
        pad_to_aspect_ratio: first pad evenly with ``fill_value`` to the target's aspect ratio.
        antialias: widen the kernel when shrinking, as tf.image.resize(antialias=True) (not for 'nearest'
            and 'area', which TF resamples as they are).
    Integer images come back rounded and saturated in their dtype, as in Keras.
    Raises:
        ValueError: a bad size or interpolation, or both aspect-ratio options.
    """
    refused_kinds = 'bc'        # ResizeBilinear's registry: no bool, no complex
    # Keras 3 checks no size: Resizing(0, 2) is made (symbolically (None, 0, 2, 1)) and its call's
    # tf.image.resize refuses it (_refuse_size)
    smallest_size = None

    def __init__(self, height, width, interpolation='bilinear', crop_to_aspect_ratio=False, pad_to_aspect_ratio=False,
                 fill_mode='constant', fill_value=0.0, antialias=False, data_format=None, **kwargs):
        super().__init__(height, width, data_format=data_format, **kwargs)
        # Keras 3 stores interpolation, fill_mode and the aspect options unchecked: its backend's
        # image.resize refuses them in the call (_resized)
        self.interpolation, self.crop_to_aspect_ratio = interpolation, bool(crop_to_aspect_ratio)
        self.pad_to_aspect_ratio, self.fill_mode = bool(pad_to_aspect_ratio), fill_mode
        self.fill_value, self.antialias = fill_value, bool(antialias)

    def call(self, data, training=True):     # Keras 3's image layers take it (a config records it); unused
        if isinstance(data, dict):
            return self._dict_call(data, self._resized, lambda masks: self._resized(masks, 'nearest'))
        return self._resized(as_one_tensor(data))        # (a list of images stacks, as Keras's backend.shape takes it)

    # Keras 3's augmentation API (random_transformation.py): (height, width) of the input; resized in any mode
    def get_random_transformation(self, data, training=True, seed=None):
        shape = shape_of(data['images'] if isinstance(data, dict) else data)
        return tuple(shape[axis] for axis in self._spatial_axes(len(shape)))

    def transform_images(self, images, transformation=None, training=True):
        return self._resized(images)

    def transform_segmentation_masks(self, segmentation_masks, transformation=None, training=True):
        return self._resized(segmentation_masks, 'nearest')

    def transform_labels(self, labels, transformation=None, training=True):
        return labels

    def _resized(self, inputs, interpolation=None):
        check_resize_arguments(interpolation or self.interpolation, self.fill_mode, self.crop_to_aspect_ratio,
                               self.pad_to_aspect_ratio, 'Resizing')
        self._refuse_short_rank(inputs)
        if not (type(self.height) is int and type(self.width) is int and self.height > 0 and self.width > 0):
            self._refuse_size(interpolation or self.interpolation)
        if _taped_images(self, inputs):
            # a watched float image (inside a model: the video-classification tutorial's ResizeVideo)
            # is cropped or padded and resized by taped ops, so gradients flow back through it as through TF's
            batch = _taped_batch(self, inputs)
            if self.crop_to_aspect_ratio:
                top, left, h, w = aspect_crop_box(batch.shape[1], batch.shape[2], self.height, self.width)
                batch = batch[:, top:top + h, left:left + w]
            elif self.pad_to_aspect_ratio:
                top, left = aspect_pad_margins(batch.shape[1], batch.shape[2], self.height, self.width)
                batch = pad(batch, [[0, 0], [top, top], [left, left], [0, 0]], constant_values=self.fill_value)
            out = _taped_resize(batch, self.height, self.width, interpolation or self.interpolation, self.antialias)
            return _taped_output(self, out, inputs)
        images, restore = self._images(inputs, as_float=False)
        if images.dtype.kind == 'f':
            # Keras casts float images to the compute dtype, tf.image.resize resamples them in float32
            # ('nearest' in their own dtype), and the result is cast back to the compute dtype
            images = images.astype(np.dtype(self.compute_dtype), copy=False)
        dtype = images.dtype
        if self.crop_to_aspect_ratio:
            top, left, h, w = aspect_crop_box(images.shape[1], images.shape[2], self.height, self.width)
            images = images[:, top:top + h, left:left + w]
        elif self.pad_to_aspect_ratio:
            fill = self.fill_value
            if any(aspect_pad_margins(images.shape[1], images.shape[2], self.height, self.width)):
                if dtype.kind in 'iu':
                    fill = integer_fill_value(fill, dtype)      # Keras pads integer images in their own dtype
                elif not isinstance(fill, (int, float)):
                    # Keras's tf.ones(..., images.dtype) * fill_value: TF's conversion refuses None or a string
                    fill = convert_to_tensor(fill, dtype=dtype.name)._data
            images = aspect_pad(images if dtype.kind == 'f' else images.astype(np.float32), self.height, self.width,
                                fill)
        method = interpolation or self.interpolation
        if self.antialias and method not in ('nearest', 'area'):
            # tf.image.resize's antialiased kernels (ScaleAndTranslate), on the float32 images it makes
            out = image_resize(Tensor(images), (self.height, self.width), method, antialias=True)._data
        else:
            out = resize(images, self.height, self.width, method)
        if dtype.kind == 'f':
            out = out.astype(dtype, copy=False)
        elif dtype.kind in 'iub':
            xp = array_module(out)
            info = np.iinfo(dtype) if dtype.kind != 'b' else None
            out = xp.round(out)
            out = (xp.clip(out, info.min, info.max) if info is not None else out != 0).astype(dtype)
        return restore(out)

    def _refuse_size(self, method):
        """A size Keras 3's TF backend refuses, in its words: the aspect options first multiply the images'
        int32 sizes by it (TF 2.21: TypeError 'Cannot convert 2.5 to EagerTensor of dtype int32'), then
        tf.image.resize converts it ("'size' must be a 1-D int32 Tensor", 'Dimension -2 must be >= 0') and
        its kernel refuses 0 or -1 ('output dimensions must be positive' [Op:ResizeBilinear])."""
        if self.crop_to_aspect_ratio or self.pad_to_aspect_ratio:
            for size in (self.height, self.width):
                if isinstance(size, (float, np.floating)):
                    raise TypeError('Cannot convert %r to EagerTensor of dtype int32' % (size,))
                if size is None:
                    raise ValueError("Attempt to convert a value (None) with an unsupported type (<class "
                                     "'NoneType'>) to a Tensor.")
        # the op itself, on a stand-in image, raises what TF's does for this size and method
        image_resize(Tensor(np.zeros((1, 1, 1, 1), np.float32)), (self.height, self.width), method,
                     antialias=self.antialias)

    def _apply_to_boxes(self, boxes, labels, drawn, height, width):
        # all-0 and all--1 rows are padding: Keras zeroes them after the transform
        padding = np.all(boxes == -1, axis=-1) | np.all(boxes == 0, axis=-1)
        boxes = convert_array(boxes, self.bounding_box_format, 'xyxy', height, width)
        in_h, in_w = np.float32(height), np.float32(width)
        if self.pad_to_aspect_ratio:
            scale = np.minimum(np.float32(self.height) / in_h, np.float32(self.width) / in_w)
            x_shift = (np.float32(self.width) - in_w * scale) // np.float32(2)
            y_shift = (np.float32(self.height) - in_h * scale) // np.float32(2)
            scale_x = scale_y = scale
        elif self.crop_to_aspect_ratio:
            source = in_w / in_h
            wider = source > np.float32(self.width / self.height)
            new_w = np.float32(self.height) * source if wider else np.float32(self.width)
            new_h = np.float32(self.height) if wider else np.float32(self.width) / source
            scale_x, scale_y = new_w / in_w, new_h / in_h
            x_shift = -((new_w - np.float32(self.width)) // np.float32(2))
            y_shift = -((new_h - np.float32(self.height)) // np.float32(2))
        else:
            scale_x, scale_y = np.float32(self.width) / in_w, np.float32(self.height) / in_h
            x_shift = y_shift = None
        x1, y1, x2, y2 = columns(boxes)
        if x_shift is None:
            boxes = joined(x1 * scale_x, y1 * scale_y, x2 * scale_x, y2 * scale_y)
        else:
            boxes = joined(x1 * scale_x + x_shift, y1 * scale_y + y_shift, x2 * scale_x + x_shift,
                           y2 * scale_y + y_shift)
        boxes, labels = clip_array(boxes, labels, self.height, self.width)
        boxes = np.where(padding[..., None], np.float32(0), boxes)
        return convert_array(boxes, 'xyxy', self.bounding_box_format, self.height, self.width), labels

    def get_config(self):
        config = super().get_config()
        config.update(interpolation=self.interpolation, crop_to_aspect_ratio=self.crop_to_aspect_ratio,
                      pad_to_aspect_ratio=self.pad_to_aspect_ratio, fill_mode=self.fill_mode,
                      fill_value=self.fill_value, antialias=self.antialias)
        return config


def _refuse_unsized(in_height, in_width, height, width):
    """Keras 3.15's CenterCrop with a size that is no int: ``in_height - height`` fails with Python's
    TypeError for a string, None or tuple; a float difference is no int, so Keras slices (even when it is
    negative) from ``diff // 2``, and TF's indexing refuses the first float bound with its TypeError."""
    h_diff, w_diff = in_height - height, in_width - width
    h_start, w_start = h_diff // 2, w_diff // 2
    for bound in (h_start, h_start + height, w_start, w_start + width):
        if not isinstance(bound, (int, np.integer)):
            error = TypeError('Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
                              'tf.int32/tf.int64 tensors are valid indices, got %r' % (bound,))
            error.add_note('CenterCrop: height and width must be ints; received height=%r, width=%r' % (height, width))
            raise error


class CenterCrop(_SizedLayer):
    """The centered ``height`` x ``width`` box of each image; images smaller than it are
    cropped to its aspect ratio and resized up instead (Keras's smart_resize). Outputs are float."""
    # Keras 3 checks no size: 0 or -1 slices an empty box, images[:, top:top + height] (TF 2.21: (2, 0, 2, 2)),
    # and a float, string or None size is stored and fails in the call (_refuse_unsized)
    smallest_size = None

    def __init__(self, height, width, data_format=None, **kwargs):
        # its own signature, so a missing size names CenterCrop.__init__() as Keras's TypeError does
        super().__init__(height, width, data_format=data_format, **kwargs)

    def compute_output_shape(self, input_shape):
        # Keras 3's CenterCrop checks the rank first (Resizing does not), in its words on TF 2.21
        input_shape = list(input_shape)
        if isinstance(input_shape[0], (list, tuple)) or len(input_shape) not in (3, 4):
            raise ValueError('`input_shape` must be a non-nested tuple or list of rank-1 with size 3 (unbatched) '
                             'or 4 (batched). ')
        return super().compute_output_shape(input_shape)

    def call(self, data, training=True):     # as Resizing's
        if isinstance(data, dict):
            return self._dict_call(data, self._cropped, self._cropped)    # masks as images (cast), as Keras
        return self._cropped(data)

    # Keras 3's augmentation API (random_transformation.py): {'input_shape'}; cropped in any mode, masks cast
    def get_random_transformation(self, data, training=True, seed=None):
        return {'input_shape': shape_of(data['images'] if isinstance(data, dict) else data)}

    def transform_images(self, images, transformation=None, training=True):
        return self._cropped(images)

    def transform_segmentation_masks(self, segmentation_masks, transformation, training=True):
        return self._cropped(segmentation_masks)

    def transform_labels(self, labels, transformation, training=True):
        return labels

    def _cropped(self, inputs):
        if _taped_images(self, inputs) and type(self.height) is int and type(self.width) is int:
            return self._taped_crop(inputs)
        images, restore = self._images(inputs)
        if type(self.height) is not int or type(self.width) is not int:
            _refuse_unsized(images.shape[1], images.shape[2], self.height, self.width)
        sixteen = SIXTEEN_BIT_FLOATS.get(str(self.compute_dtype))
        if sixteen is not None and images.dtype != sixteen:
            # Keras casts the images to the compute dtype first (integer images too, under a mixed policy)
            images = images.astype(sixteen)
        h_diff, w_diff = images.shape[1] - self.height, images.shape[2] - self.width
        if h_diff >= 0 and w_diff >= 0:
            top, left = h_diff // 2, w_diff // 2
            return restore(images[:, top:top + self.height, left:left + self.width])
        # Keras's smart_resize returns tf.image.resize's float32, under a 16-bit policy too
        if sixteen is not None:
            images = images.astype(np.float32)      # (tf.image.resize's kernels compute in float32)
        return restore(_smart_resize(images, self.height, self.width), cast=False)

    def _taped_crop(self, inputs):
        """``_cropped`` by taped ops (slicing, TF's resampler), so that gradients reach the images."""
        batch = _taped_batch(self, inputs)
        h_diff, w_diff = batch.shape[1] - self.height, batch.shape[2] - self.width
        if h_diff >= 0 and w_diff >= 0:
            top, left = h_diff // 2, w_diff // 2
            out = batch[:, top:top + self.height, left:left + self.width]
        else:
            top, left, h, w = aspect_crop_box(batch.shape[1], batch.shape[2], self.height, self.width)
            # Keras's smart_resize returns tf.image.resize's float32 (float64 images too)
            out = image_resize(batch[:, top:top + h, left:left + w], (self.height, self.width), 'bilinear')
        return _taped_output(self, out, inputs)

    def _apply_to_boxes(self, boxes, labels, drawn, height, width):
        boxes = convert_array(boxes, self.bounding_box_format, 'xyxy', height, width)
        larger = height >= self.height and width >= self.width
        if larger:
            top, left, crop_h, crop_w = (height - self.height) // 2, (width - self.width) // 2, self.height, self.width
        else:
            top, left, crop_h, crop_w = aspect_crop_box(height, width, self.height, self.width)
        boxes = _clipped_to_window(boxes, top, left, crop_h, crop_w)
        if not larger:          # the crop is resized to the target: Keras rescales through relative boxes
            boxes = convert_array(convert_array(boxes, 'xyxy', 'rel_xyxy', crop_h, crop_w), 'rel_xyxy', 'xyxy',
                                  self.height, self.width)
        boxes, labels = clip_array(boxes, labels, self.height, self.width)
        return convert_array(boxes, 'xyxy', self.bounding_box_format, self.height, self.width), labels


class RandomCrop(_SizedLayer):
    """A random ``height`` x ``width`` box of each batch while training (one box for the batch,
    as Keras draws it); images not larger than it are center-cropped to its aspect ratio and
    resized. At inference (``training=False``; a call without it crops, as Keras 3's default
    is True) the input passes unchanged, as in Keras 3.

    Args:
        seed: an int for a reproducible stream of boxes (``framework.random``).
    """
    keras_converts_inputs = False     # Keras 3's _convert_input_args (see functional/keras_filled_arguments)
    keras_seed_generators = 1

    def __init__(self, height, width, seed=None, data_format=None, name=None, **kwargs):
        # Unseeded, Keras 3 takes two seeds from Python's random: first the one it keeps as
        # ``seed`` (get_config reports it), then its SeedGenerator's own.
        drawn = make_default_seed() if seed is None else seed
        super().__init__(height, width, seed=seed, data_format=data_format, name=name, **kwargs)
        self.seed = drawn

    def compute_output_shape(self, input_shape):
        # Keras 3's RandomCrop counts its height and width axes from the end (-3, -2; channels_first -2, -1)
        # whatever the rank, as on TF 2.21: (1, 2, 5, 6, 3) gives (1, 2, h, w, 3), and a rank-2 channels_last
        # shape the list's IndexError
        shape = list(input_shape)
        last = -1 if self.data_format == 'channels_first' else -2
        shape[last - 1], shape[last] = self.height, self.width
        return tuple(shape)

    def _input_cast_dtype(self):
        # Keras 3 hands RandomCrop its inputs unconverted (_convert_input_args=False): at inference they pass
        # through in their own dtype (float64 stays float64); a training crop casts to the compute dtype
        return None

    def call(self, data, training=True):
        images = data['images'] if isinstance(data, dict) else data
        self._refuse_short_rank(images)     # (Keras 3.15 reads the input's height in both modes,
        if not training_is_on(training):    # and checks its rank before passing it through)
            if len(images.shape) > 4:
                raise ValueError(self.rank_text % (tuple(images.shape),))
            return self._dict_call(data, None, None, training=False) if isinstance(data, dict) else data
        top, left = (int(start) for start in self.get_random_transformation(images))
        if isinstance(data, dict):
            def crop(x):
                return self._cropped(x, top, left)
            return self._dict_call(data, crop, crop, (top, left))     # masks as images (cast), as Keras
        return self._cropped(data, top, left)

    def get_random_transformation(self, data, training=True, seed=None):
        """Keras 3's (top, left) of the crop: int32 scalar tensors drawn (from ``seed`` where given) while
        training on images larger than the crop, else the centered box's ints."""
        shape = shape_of(data['images'] if isinstance(data, dict) else data)
        in_h, in_w = (shape[axis] for axis in self._spatial_axes(len(shape)))
        if not (training and in_h > self.height and in_w > self.width):
            return aspect_crop_box(in_h, in_w, self.height, self.width)[:2]
        with drawing_from(self, seed):
            return tuple(Tensor(self._uniform((), 0, size + 1, np).astype(np.int32))
                         for size in (in_h - self.height, in_w - self.width))

    def transform_images(self, images, transformation, training=True):
        return self._cropped(images, *(int(start) for start in transformation)) if training else images

    def transform_segmentation_masks(self, segmentation_masks, transformation, training=True):
        return self.transform_images(segmentation_masks, transformation)    # (Keras crops them in any mode)

    def transform_labels(self, labels, transformation, training=True):
        return labels

    def _cropped(self, inputs, top, left):
        if _taped_images(self, inputs):
            # a box inside the images is a slice, taped so that gradients reach them as in TF
            out = _taped_batch(self, inputs)[:, top:top + self.height, left:left + self.width]
            if tuple(out.shape[1:3]) == (self.height, self.width):
                return _taped_output(self, out, inputs)
        images, restore = self._images(inputs)
        # Keras slices the target's size from the box's corner (cut short by the image's edge)
        images = images[:, top:top + self.height, left:left + self.width]
        if images.shape[1:3] != (self.height, self.width):
            images = resize(images, self.height, self.width)
        return restore(images)

    def _apply_to_boxes(self, boxes, labels, corner, height, width):
        # Keras 3.15 takes the top offset from the x coordinates and the left one from the y ones,
        # floors them at 0 only, keeps the labels, and converts with the crop's size
        top, left = np.float32(corner[0]), np.float32(corner[1])
        boxes = convert_array(boxes, self.bounding_box_format, 'xyxy', self.height, self.width)
        x1, y1, x2, y2 = columns(boxes)
        zero = np.float32(0)
        boxes = joined(np.maximum(x1 - top, zero), np.maximum(y1 - left, zero), np.maximum(x2 - top, zero),
                       np.maximum(y2 - left, zero))
        return convert_array(boxes, 'xyxy', self.bounding_box_format, self.height, self.width), labels

    def get_config(self):
        config = super().get_config()
        config['seed'] = self.seed
        return config
