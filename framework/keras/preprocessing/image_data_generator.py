"""``tf.keras.preprocessing.image.ImageDataGenerator``: Keras 1's real-time image augmentation
(``ImageDataGenerator(rescale=1/255, rotation_range=20, horizontal_flip=True).flow(x, y)`` or
``.flow_from_directory(path)``), the transforms drawn from numpy's global generator in Keras's
order, so a program seeding numpy gets Keras's images."""
import math
import warnings

import numpy as np

from .. import backend as _config
from .dataframe_iterator import DataFrameIterator
from .image_iterators import DirectoryIterator, NumpyArrayIterator
from .image_transforms import apply_affine_transform, apply_brightness_shift, apply_channel_shift, flip_axis

__all__ = ['ImageDataGenerator']

_NOT_FITTED = ("This ImageDataGenerator specifies `%s`, but it hasn't been fit on any training data. Fit it first by "
               "calling `.fit(numpy_data)`.")


class ImageDataGenerator:
    """Random transforms (rotation, shifts, shear, zoom, channel shift, flips, brightness) and
    standardisation (rescale, sample- or feature-wise centring and scaling, ZCA whitening).

    Shift ranges below 1 are fractions of the image size, integers are pixels, a list is a set of
    choices; ``zoom_range`` z means [1 - z, 1 + z]. ``fit`` computes the feature-wise statistics.

    Raises:
        ValueError: a data_format, validation_split, zoom_range or brightness_range Keras rejects.
    """

    def __init__(self, featurewise_center=False, samplewise_center=False, featurewise_std_normalization=False,
                 samplewise_std_normalization=False, zca_whitening=False, zca_epsilon=1e-06, rotation_range=0,
                 width_shift_range=0.0, height_shift_range=0.0, brightness_range=None, shear_range=0.0,
                 zoom_range=0.0, channel_shift_range=0.0, fill_mode='nearest', cval=0.0, horizontal_flip=False,
                 vertical_flip=False, rescale=None, preprocessing_function=None, data_format=None,
                 validation_split=0.0, interpolation_order=1, dtype=None):
        data_format = data_format or _config.image_data_format()
        self.featurewise_center, self.samplewise_center = featurewise_center, samplewise_center
        self.featurewise_std_normalization = featurewise_std_normalization
        self.samplewise_std_normalization = samplewise_std_normalization
        self.zca_whitening, self.zca_epsilon = zca_whitening, zca_epsilon
        self.rotation_range = rotation_range
        self.width_shift_range, self.height_shift_range = width_shift_range, height_shift_range
        self.shear_range, self.channel_shift_range = shear_range, channel_shift_range
        self.fill_mode, self.cval = fill_mode, cval
        self.horizontal_flip, self.vertical_flip = horizontal_flip, vertical_flip
        self.rescale, self.preprocessing_function = rescale, preprocessing_function
        self.dtype = dtype or _config.floatx()
        self.interpolation_order = interpolation_order
        if data_format not in ('channels_last', 'channels_first'):
            raise ValueError('`data_format` should be `"channels_last"` (channel after row and column) or '
                             '`"channels_first"` (channel before row and column). Received: %s' % (data_format,))
        self.data_format = data_format
        self.channel_axis, self.row_axis, self.col_axis = (1, 2, 3) if data_format == 'channels_first' else (3, 1, 2)
        if validation_split and not 0 < validation_split < 1:
            raise ValueError('`validation_split` must be strictly between 0 and 1.  Received: %s' % (validation_split,))
        self._validation_split = validation_split
        self.mean = self.std = self.zca_whitening_matrix = None
        if isinstance(zoom_range, (float, int)):
            self.zoom_range = [1 - zoom_range, 1 + zoom_range]
        elif len(zoom_range) == 2 and all(isinstance(v, (float, int)) for v in zoom_range):
            self.zoom_range = [zoom_range[0], zoom_range[1]]
        else:
            raise ValueError('`zoom_range` should be a float or a tuple or list of two floats. Received: %s'
                             % (zoom_range,))
        self._resolve_normalisation_overrides()
        if brightness_range is not None and (not isinstance(brightness_range, (tuple, list))
                                             or len(brightness_range) != 2):
            raise ValueError('`brightness_range should be tuple or list of two floats. Received: %s'
                             % (brightness_range,))
        self.brightness_range = brightness_range

    def _resolve_normalisation_overrides(self):
        # ZCA and feature-wise scaling need centred data; sample-wise scaling too (Keras's warnings).
        if self.zca_whitening:
            if not self.featurewise_center:
                self.featurewise_center = True
                warnings.warn('This ImageDataGenerator specifies `zca_whitening`, which overrides setting of '
                              '`featurewise_center`.')
            if self.featurewise_std_normalization:
                self.featurewise_std_normalization = False
                warnings.warn('This ImageDataGenerator specifies `zca_whitening` which overrides setting of'
                              '`featurewise_std_normalization`.')
        if self.featurewise_std_normalization and not self.featurewise_center:
            self.featurewise_center = True
            warnings.warn('This ImageDataGenerator specifies `featurewise_std_normalization`, which overrides setting '
                          'of `featurewise_center`.')
        if self.samplewise_std_normalization and not self.samplewise_center:
            self.samplewise_center = True
            warnings.warn('This ImageDataGenerator specifies `samplewise_std_normalization`, which overrides setting '
                          'of `samplewise_center`.')

    def flow(self, x, y=None, batch_size=32, shuffle=True, sample_weight=None, seed=None, save_to_dir=None,
             save_prefix='', save_format='png', ignore_class_split=False, subset=None):
        """A NumpyArrayIterator over the images ``x`` (and labels ``y``)."""
        return NumpyArrayIterator(x, y, self, batch_size=batch_size, shuffle=shuffle, sample_weight=sample_weight,
                                  seed=seed, data_format=self.data_format, save_to_dir=save_to_dir,
                                  save_prefix=save_prefix, save_format=save_format,
                                  ignore_class_split=ignore_class_split, subset=subset, dtype=self.dtype)

    def flow_from_directory(self, directory, target_size=(256, 256), color_mode='rgb', classes=None,
                            class_mode='categorical', batch_size=32, shuffle=True, seed=None, save_to_dir=None,
                            save_prefix='', save_format='png', follow_links=False, subset=None,
                            interpolation='nearest', keep_aspect_ratio=False):
        """A DirectoryIterator over ``directory``'s class subfolders (prints what it found)."""
        return DirectoryIterator(directory, self, target_size=target_size, color_mode=color_mode,
                                 keep_aspect_ratio=keep_aspect_ratio, classes=classes, class_mode=class_mode,
                                 data_format=self.data_format, batch_size=batch_size, shuffle=shuffle, seed=seed,
                                 save_to_dir=save_to_dir, save_prefix=save_prefix, save_format=save_format,
                                 follow_links=follow_links, subset=subset, interpolation=interpolation,
                                 dtype=self.dtype)

    def flow_from_dataframe(self, dataframe, directory=None, x_col='filename', y_col='class', weight_col=None,
                            target_size=(256, 256), color_mode='rgb', classes=None, class_mode='categorical',
                            batch_size=32, shuffle=True, seed=None, save_to_dir=None, save_prefix='',
                            save_format='png', subset=None, interpolation='nearest', validate_filenames=True,
                            **kwargs):
        """A DataFrameIterator over the image files ``dataframe[x_col]`` lists (prints what it found).

        Keras's deprecated arguments warn as there: ``has_ext``, ``sort`` and ``drop_duplicates``
        are ignored, ``class_mode='other'`` is 'raw'.
        """
        for old, advice in (('has_ext', 'has_ext is deprecated, filenames in the dataframe have to match the exact '
                                        'filenames in disk.'),
                            ('sort', 'sort is deprecated, batches will be created in thesame order than the filenames '
                                     'provided if `shuffle`is set to `False`.')):
            if old in kwargs:
                warnings.warn(advice, DeprecationWarning)
        if class_mode == 'other':
            warnings.warn('`class_mode="other"` is deprecated, please use `class_mode="raw"`.', DeprecationWarning)
            class_mode = 'raw'
        if 'drop_duplicates' in kwargs:
            warnings.warn('drop_duplicates is deprecated, you can drop duplicates by using the '
                          'pandas.DataFrame.drop_duplicates method.', DeprecationWarning)
        return DataFrameIterator(dataframe, directory, self, x_col=x_col, y_col=y_col, weight_col=weight_col,
                                 target_size=target_size, color_mode=color_mode, classes=classes,
                                 class_mode=class_mode, data_format=self.data_format, batch_size=batch_size,
                                 shuffle=shuffle, seed=seed, save_to_dir=save_to_dir, save_prefix=save_prefix,
                                 save_format=save_format, subset=subset, interpolation=interpolation,
                                 validate_filenames=validate_filenames, dtype=self.dtype)

    def standardize(self, x):
        """Apply preprocessing_function, rescale and the normalisations to ``x`` (in place where Keras does)."""
        if self.preprocessing_function:
            x = self.preprocessing_function(x)
        if self.rescale:
            x *= self.rescale
        if self.samplewise_center:
            x -= np.mean(x, keepdims=True)
        if self.samplewise_std_normalization:
            x /= np.std(x, keepdims=True) + 1e-06
        if self.featurewise_center:
            if self.mean is not None:
                x -= self.mean
            else:
                warnings.warn(_NOT_FITTED % 'featurewise_center')
        if self.featurewise_std_normalization:
            if self.std is not None:
                x /= self.std + 1e-06
            else:
                warnings.warn(_NOT_FITTED % 'featurewise_std_normalization')
        if self.zca_whitening:
            if self.zca_whitening_matrix is not None:
                flat = x.reshape(-1, math.prod(x.shape[-3:]))
                x = np.reshape(flat @ self.zca_whitening_matrix, x.shape)
            else:
                warnings.warn(_NOT_FITTED % 'zca_whitening')
        return x

    def _shift(self, shift_range, size):
        if not shift_range:
            return 0
        try:                                        # a list of choices, each taken with either sign
            shift = np.random.choice(shift_range)
            shift *= np.random.choice([-1, 1])
        except ValueError:                          # a number: a uniform range
            shift = np.random.uniform(-shift_range, shift_range)
        return shift * size if np.max(shift_range) < 1 else shift

    def get_random_transform(self, img_shape, seed=None):
        """The parameters of one random transform for an image of ``img_shape``, drawn in Keras's order."""
        if seed is not None:
            np.random.seed(seed)
        theta = np.random.uniform(-self.rotation_range, self.rotation_range) if self.rotation_range else 0
        tx = self._shift(self.height_shift_range, img_shape[self.row_axis - 1])
        ty = self._shift(self.width_shift_range, img_shape[self.col_axis - 1])
        shear = np.random.uniform(-self.shear_range, self.shear_range) if self.shear_range else 0
        if self.zoom_range[0] == 1 and self.zoom_range[1] == 1:
            zx, zy = 1, 1
        else:
            zx, zy = np.random.uniform(self.zoom_range[0], self.zoom_range[1], 2)
        flip_horizontal = (np.random.random() < 0.5) * self.horizontal_flip
        flip_vertical = (np.random.random() < 0.5) * self.vertical_flip
        channel_shift = None
        if self.channel_shift_range != 0:
            channel_shift = np.random.uniform(-self.channel_shift_range, self.channel_shift_range)
        brightness = None
        if self.brightness_range is not None:
            brightness = np.random.uniform(self.brightness_range[0], self.brightness_range[1])
        return {'theta': theta, 'tx': tx, 'ty': ty, 'shear': shear, 'zx': zx, 'zy': zy,
                'flip_horizontal': flip_horizontal, 'flip_vertical': flip_vertical,
                'channel_shift_intensity': channel_shift, 'brightness': brightness}

    def apply_transform(self, x, transform_parameters):
        """``x`` (one image) transformed by the parameters of get_random_transform."""
        p = transform_parameters
        rows, cols, channels = self.row_axis - 1, self.col_axis - 1, self.channel_axis - 1
        x = apply_affine_transform(x, p.get('theta', 0), p.get('tx', 0), p.get('ty', 0), p.get('shear', 0),
                                   p.get('zx', 1), p.get('zy', 1), row_axis=rows, col_axis=cols,
                                   channel_axis=channels, fill_mode=self.fill_mode, cval=self.cval,
                                   order=self.interpolation_order)
        if p.get('channel_shift_intensity') is not None:
            x = apply_channel_shift(x, p['channel_shift_intensity'], channels)
        if p.get('flip_horizontal', False):
            x = flip_axis(x, cols)
        if p.get('flip_vertical', False):
            x = flip_axis(x, rows)
        if p.get('brightness') is not None:
            x = apply_brightness_shift(x, p['brightness'], False)
        return x

    def random_transform(self, x, seed=None):
        """``x`` under one random transform."""
        return self.apply_transform(x, self.get_random_transform(x.shape, seed))

    def fit(self, x, augment=False, rounds=1, seed=None):
        """Compute the feature-wise mean / std / ZCA matrix of the images ``x`` (rank 4).

        Raises:
            ValueError: ``x`` of another rank.
        """
        x = np.asarray(x, dtype=self.dtype)
        if x.ndim != 4:
            raise ValueError('Input to `.fit()` should have rank 4. Got array with shape: ' + str(x.shape))
        if x.shape[self.channel_axis] not in (1, 3, 4):
            warnings.warn('Expected input to be images (as Numpy array) following the data format convention "%s" '
                          '(channels on axis %d), i.e. expected either 1, 3 or 4 channels on axis %d. However, it '
                          'was passed an array with shape %s (%d channels).'
                          % (self.data_format, self.channel_axis, self.channel_axis, x.shape,
                             x.shape[self.channel_axis]))
        if seed is not None:
            np.random.seed(seed)
        x = np.copy(x)
        if self.rescale:
            x *= self.rescale
        if augment:
            augmented = np.zeros((rounds * x.shape[0],) + x.shape[1:], dtype=self.dtype)
            for r in range(rounds):
                for i in range(x.shape[0]):
                    augmented[i + r * x.shape[0]] = self.random_transform(x[i])
            x = augmented
        per_channel = [1, 1, 1]
        per_channel[self.channel_axis - 1] = x.shape[self.channel_axis]
        if self.featurewise_center:
            self.mean = np.reshape(np.mean(x, axis=(0, self.row_axis, self.col_axis)), per_channel)
            x -= self.mean
        if self.featurewise_std_normalization:
            self.std = np.reshape(np.std(x, axis=(0, self.row_axis, self.col_axis)), per_channel)
            x /= self.std + 1e-06
        if self.zca_whitening:
            n = len(x)
            u, s, _ = np.linalg.svd(np.reshape(x, (n, -1)).T, full_matrices=False)
            self.zca_whitening_matrix = (u * (np.sqrt(n) / (s + self.zca_epsilon))).dot(u.T)
