"""What the image preprocessing layers share: channels-last batches of rank 4
(a single rank-3 image is one image), data_format, seeds and factor ranges."""
import numpy as np

from framework import random
from framework.backend import array_module
from framework.errors import InvalidArgumentError
from framework.keras import random as keras_random
from framework.keras.seed_generator import SeedGenerator
from framework.ops import cast, expand_dims, squeeze, transpose
from framework.placement import current_xp
from framework.tape import thread_tapes
from framework.tensor import Tensor

from ..argument_tuples import standardized_data_format
from ..training_flag import training_is_on
from ..layer import Layer
from .data_inputs import host_array
from .string_images import string_images_error
from .image_boxes import transformed_boxes
from .image_ranks import BATCHED_TEXT, check_image_rank

SIXTEEN_BIT_FLOATS = {'float16': np.float16, 'bfloat16': 'bfloat16'}       # (numpy takes ml_dtypes' name)


class ImageLayer(Layer):
    """Base of the image layers: ``call`` gets (B, H, W, C) arrays through ``_images``."""
    _keras_data_layer = True      # a subclass of Keras 3's DataLayer (see Layer's input_shape warning)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values
    # How many keras.random.SeedGenerators Keras 3's layer makes when constructed (each takes a
    # seed from Python's random when unseeded): made here too, so that the layers built after
    # this one draw Keras's initial weights in a program seeded by keras.utils.set_random_seed.
    keras_seed_generators = 0
    # The input kinds whose images reach a TF kernel that refuses them (InvalidArgumentError): Resizing's
    # ResizeBilinear, RandomContrast's Sub and Mul, RandomBrightness's AddV2 and Minimum. The other image
    # layers cast complex images to float (dropping the imaginary part, with TF's warning) as Keras does.
    refused_kinds = ''
    # Keras 3's text for images of another rank (its base image layer's; some layers test the rank with their own
    # text, while training or, rank_text_at_inference, in any mode), and the rank below which the axis their
    # get_random_transformation reads is missing while training (image_ranks.check_image_rank)
    rank_text = BATCHED_TEXT
    rank_text_at_inference = False
    short_rank_reads = 0

    def __init__(self, data_format=None, seed=None, bounding_box_format=None, **kwargs):
        super().__init__(**kwargs)
        self.bounding_box_format = bounding_box_format      # of the boxes in dict inputs (image_boxes.py)
        # Keras 3's backend.standardize_data_format: any case, its text
        data_format = 'channels_last' if data_format is None else standardized_data_format(data_format,
                                                                                            type(self).__name__)
        refused = self.__dict__.pop('_refused_factor', None)
        if refused is not None:         # (see _checked_early: Keras 3 checks factors here, before the seed)
            raise refused
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):     # (numpy's ints too)
            error = ValueError('Argument `seed` must be an integer. Received: seed=%s' % (seed,))  # SeedGenerator's
            error.add_note('%s: seed is an int or None' % type(self).__name__)
            raise error
        self.data_format, self.seed = data_format, seed
        generators = [SeedGenerator(seed) for _ in range(self.keras_seed_generators)]
        # the last one made is the one Keras draws from (RandomCrop's own, after its base's seed)
        self.generator = generators[-1] if generators else None

    def _checked_early(self, check):
        """``check()`` (a subclass's factor ranges), run before it calls ImageLayer.__init__; a refusal is
        raised there, after Layer's keyword and data_format checks and before the seed's, Keras 3's order."""
        try:
            return check()
        except (TypeError, ValueError) as error:
            self.__dict__['_refused_factor'] = error
            return None

    @property
    def _who(self):
        return '%s %r' % (type(self).__name__, self.name)

    def _images(self, inputs, as_float=True):
        """(images as a channels-last rank-4 array, a function giving the output the input's layout)."""
        data = inputs._data if isinstance(inputs, Tensor) else current_xp().asarray(host_array(inputs))
        if data.dtype.name == 'bfloat16':     # (ml_dtypes' kind 'V'): computed in float32, as float16 images are
            data = data.astype(np.float32)
        kind = data.dtype.kind
        # (an augmentation's images pass untouched at inference, as_float False; Resizing always resizes)
        if kind in self.refused_kinds and (as_float or not isinstance(self, AugmentationLayer)):
            raise InvalidArgumentError('%s: TensorFlow\'s kernels refuse %s images here; cast them to float32 first'
                                       % (self._who, data.dtype))
        if kind == 'c' and as_float:
            data = cast(Tensor(data), self._dtype)._data        # (TF's 'discard the imaginary part' warning)
        elif kind not in 'biuf':
            refused = string_images_error(self) if kind in 'OSU' else None      # TF's error, where it is known
            if refused is not None:
                raise refused
            raise TypeError('%s: expected numeric images, got dtype %s' % (self._who, data.dtype))
        if data.ndim not in (3, 4):
            error = ValueError(self.rank_text % (tuple(data.shape),))
            error.add_note('%s: images are rank 3 (height, width, channels) or 4 (batch, height, width, channels)'
                           % self._who)
            raise error
        if as_float and data.dtype != self._dtype:
            data = data.astype(self._dtype)
        single = data.ndim == 3
        if single:
            data = data[None]
        xp = array_module(data)
        if self.data_format == 'channels_first':
            data = xp.moveaxis(data, 1, -1)

        # under mixed_float16 / mixed_bfloat16 Keras autocasts float images to the 16-bit type and its layers
        # return that dtype
        half = SIXTEEN_BIT_FLOATS.get(str(self.compute_dtype)) if kind == 'f' else None

        def restore(out, cast=True):
            # (cast=False: a resize's float32 output, which Keras returns as it is)
            if self.data_format == 'channels_first':
                out = xp.moveaxis(out, -1, 1)
            if cast and half is not None and out.dtype.kind == 'f':
                out = out.astype(half, copy=False)
            return Tensor(xp.ascontiguousarray(out[0] if single else out))
        return data, restore

    def _refuse_short_rank(self, images):
        """Keras 3's Resizing, RandomCrop and RandomTranslation (while training) read the height,
        images.shape[-3], before any rank check: an input of rank 1 or 2 fails there, IndexError."""
        if len(images.shape) < 3:
            error = IndexError('tuple index out of range')
            error.add_note('%s: images are rank 3 (height, width, channels) or 4 (batch, height, width, '
                           'channels); received shape %s' % (self._who, tuple(images.shape)))
            raise error

    def _spatial_axes(self, rank):
        """The (height, width) axes of an input of ``rank`` in this data_format."""
        return (rank - 2, rank - 1) if self.data_format == 'channels_first' else (rank - 3, rank - 2)

    def draw_from(self, owner):
        """Draw from ``owner``'s generator, not this layer's own: AugMix, RandAugment and
        RandomColorJitter pass theirs to the layers they apply, as Keras 3 does. The layer keeps its
        own generator (Keras counts its state in ``variables``); the owner's is held outside
        ``__setattr__`` so it is not a structure change."""
        self.__dict__['drawing_generator'] = owner.generator

    @property
    def _draws_from(self):
        """The generator this layer's random choices come from (see ``draw_from``)."""
        owner = self.__dict__.get('drawing_generator')       # (an int seed of 0 too: get_random_transformation's)
        return self.generator if owner is None else owner

    def _uniform(self, shape, low, high, xp, dtype='float32'):
        """Uniform draws in [low, high) from the layer's SeedGenerator, as Keras 3 draws them, so that
        the layers transform the images Keras transforms: float32, or ``dtype`` where Keras draws in
        the layer's compute dtype (a float64 layer's draws are other numbers)."""
        generator = self._draws_from
        if generator is None:
            return xp.asarray(random.uniform(shape, low, high, dtype=dtype, seed=self.seed).numpy())
        drawn = keras_random.uniform(shape, minval=low, maxval=high, dtype=dtype, seed=generator)
        return xp.asarray(drawn.numpy())

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config['data_format'] = self.data_format
        if self.bounding_box_format is not None:
            config['bounding_box_format'] = self.bounding_box_format
        return config

    # Keras 3's one-image forms of its augmentation API (random_transformation.py): a batch of one, unbatched
    def transform_single_image(self, image, transformation, training=True):
        return squeeze(self.transform_images(expand_dims(image, 0), transformation, training=training), 0)

    def transform_single_label(self, label, transformation, training=True):
        return squeeze(self.transform_labels(expand_dims(label, 0), transformation, training=training), 0)

    def transform_single_segmentation_mask(self, segmentation_mask, transformation, training=True):
        return squeeze(self.transform_segmentation_masks(expand_dims(segmentation_mask, 0), transformation,
                                                         training=training), 0)

    def _dict_call(self, data, images_fn, masks_fn, drawn=None, training=True):
        """Keras 3's dict input ({'images', 'labels', 'bounding_boxes', 'segmentation_masks'}) of a layer
        mapping images by ``images_fn`` and masks by ``masks_fn`` (neither while not training) and its
        boxes by ``_apply_to_boxes`` with ``drawn``; labels are kept."""
        out = dict(data)
        images = data['images']
        single = len(images.shape) == 3
        shape = (1,) + tuple(images.shape) if single else tuple(images.shape)
        h_axis, w_axis = self._spatial_axes(4)
        if training:
            out['images'] = images_fn(images)
            if 'segmentation_masks' in data:
                out['segmentation_masks'] = masks_fn(data['segmentation_masks'])
        if 'bounding_boxes' in data:
            out['bounding_boxes'] = transformed_boxes(self, data['bounding_boxes'], drawn,
                                                      (shape[0], shape[h_axis], shape[w_axis]), single, training)
        return out

    def _apply_to_boxes(self, boxes, labels, drawn, height, width):
        """(boxes, labels) of a batch's (B, N, 4) float32 boxes in bounding_box_format after the
        transform ``drawn`` of its height x width images: kept by default (colour changes)."""
        return boxes, labels


DRAW = object()       # (AugmentationLayer._augmented: no random choices given, draw them)


class AugmentationLayer(ImageLayer):
    """A random image layer: the identity at inference; while training (also when called
    without ``training``, Keras 3's default) ``_transform(images, xp)`` maps the batch as a
    channels-last float array to its augmented array.

    A layer may instead split that in two, as Keras 3's layers do, so that one draw serves
    the images and their segmentation masks: ``_draw(images, xp)`` returns the random
    choices, ``_apply(images, drawn, xp)`` the images, ``_apply_to_masks(masks, drawn, xp)``
    the masks (kept by default: colour changes leave them alone). Keras's dict inputs,
    ``{'images', 'labels', 'segmentation_masks'}``, come back as dicts with the images (and
    masks) transformed and the labels kept.
    """
    # Keras 3 casts the images to the layer's dtype before looking at ``training`` in some
    # layers (RandomShear, RandomSharpness), and draws even at inference in others.
    casts_at_inference = False
    draws_at_inference = False
    casts_masks_at_inference = False        # True: Keras moves masks as images, cast while not training too
    keeps_masks = False     # True: a colour change, whose masks Keras's transform_segmentation_masks hands back

    def call(self, data, training=True):
        training_is_on(training)     # Keras 3 tests ``training`` in Python: a graph tensor is refused there
        check_image_rank(self, data['images'] if isinstance(data, dict) else data, training)    # in any mode
        return self._augmented(data, training)

    def _augmented(self, data, training, drawn=DRAW):
        """``data`` (images, or Keras's dict) augmented by ``drawn``, the layer's random choices (``_draw``'s
        form), drawn here where not given: ``call``'s work, and ``transform_images``' with Keras's draws."""
        is_dict = isinstance(data, dict)
        draws = drawn is DRAW and (training or self.draws_at_inference)
        if not (training or is_dict or self.casts_at_inference or draws):
            return data
        parts = dict(data) if is_dict else {'images': data}
        single = len(parts['images'].shape) == 3
        images, restore = self._images(parts['images'], as_float=training or self.casts_at_inference)
        xp = array_module(images)
        if drawn is DRAW:
            drawn = self._draw(images, xp) if draws else None
        if training:
            taped = self._taped_batch(parts['images']) if self._taped_apply is not None else None
            if taped is not None:       # TF's gradients reach the images through Keras's ops
                parts['images'] = taped[1](self._taped_apply(taped[0], drawn))
            else:
                parts['images'] = restore(self._apply(images, drawn, xp))
            if 'segmentation_masks' in parts:
                masks, restore_masks = self._images(parts['segmentation_masks'], as_float=False)
                parts['segmentation_masks'] = restore_masks(self._apply_to_masks(masks, drawn, xp))
        else:
            parts['images'] = self._passed_through(parts['images'], restore(images))
            if 'segmentation_masks' in parts and self.casts_masks_at_inference:
                masks, restore_masks = self._images(parts['segmentation_masks'])
                parts['segmentation_masks'] = restore_masks(masks)
        if 'bounding_boxes' in parts:
            parts['bounding_boxes'] = transformed_boxes(self, parts['bounding_boxes'], drawn, images.shape, single,
                                                       training)
        return parts if is_dict else parts['images']

    # ``_taped_apply(batch, drawn)``: ``_apply`` by taped ops on a channels-last float batch tensor in the
    # layer's dtype (the same bits), for a layer whose images gradients should reach while training
    _taped_apply = None

    def _taped_batch(self, given):
        """(channels-last batch tensor in the layer's dtype, restore) made by taped ops from ``given``, a float
        image tensor under an active tape; None otherwise (the raw-array path serves)."""
        if not (isinstance(given, Tensor) and given._data.dtype.kind == 'f' and given.ndim in (3, 4)
                and thread_tapes()):
            return None
        batch = given if given._data.dtype == self._dtype else cast(given, self._dtype)
        single, first = batch.ndim == 3, self.data_format == 'channels_first'
        batch = expand_dims(batch, 0) if single else batch
        batch = transpose(batch, (0, 2, 3, 1)) if first else batch
        half = self.compute_dtype == 'float16'

        def restore(out):       # as _images' restore
            out = transpose(out, (0, 3, 1, 2)) if first else out
            out = cast(out, 'float16') if half and out._data.dtype.kind == 'f' else out
            return squeeze(out, 0) if single else out
        return batch, restore

    def _passed_through(self, given, out):
        """``out``, the images passed at inference (cast to the layer's dtype), by taped casts of ``given``
        where a tape watches a float tensor: Keras's casts, so gradients reach the images as in TF."""
        if not (isinstance(given, Tensor) and given._data.dtype.kind == 'f' and thread_tapes()):
            return out
        if self.casts_at_inference and given._data.dtype != self._dtype:
            given = cast(given, self._dtype)
        return given if given._data.dtype == out._data.dtype else cast(given, out._data.dtype)

    def _draw(self, images, xp):
        return None

    def _apply(self, images, drawn, xp):
        return self._transform(images, xp)

    def _apply_to_masks(self, masks, drawn, xp):
        return masks


class ColourLayer(AugmentationLayer):
    """An image layer drawing one random factor per image within ``factor`` and keeping
    values in ``value_range``: its config is Keras's (factor, value_range, seed)."""
    keras_seed_generators = 1
    keeps_masks = True      # (Keras hands segmentation masks back as given)

    def get_config(self):
        config = super().get_config()
        config.update(factor=self.factor, value_range=self.value_range, seed=self.seed)
        return config
