"""Keras 1's image batch iterators behind ``ImageDataGenerator.flow`` and ``flow_from_directory``.

Each is a ``PyDataset`` (``fit`` reads batch ``i`` by index) and also an endless Python iterator
(``next(it)``), as in Keras. Shuffling draws from numpy's global generator; with a ``seed``,
numpy is reseeded with seed + batches seen before every batch, as Keras does.
"""
import os
import threading
import warnings

import numpy as np

from layers.training.py_dataset import PyDataset

from .. import backend as _config

__all__ = ['DirectoryIterator', 'Iterator', 'NumpyArrayIterator']


class Iterator(PyDataset):
    """The index bookkeeping shared by the iterators: ``n`` samples in batches of ``batch_size``."""
    white_list_formats = ('png', 'jpg', 'jpeg', 'bmp', 'ppm', 'tif', 'tiff')

    def __init__(self, n, batch_size, shuffle, seed, **kwargs):
        super().__init__(**kwargs)
        self.n, self.batch_size, self.seed, self.shuffle = n, batch_size, seed, shuffle
        self.batch_index = 0
        self.total_batches_seen = 0
        self.lock = threading.Lock()
        self.index_array = None
        self.index_generator = self._flow_index()

    def _set_index_array(self):
        self.index_array = np.random.permutation(self.n) if self.shuffle else np.arange(self.n)

    def __getitem__(self, idx):
        if idx >= len(self):
            raise ValueError('Asked to retrieve element %s, but the Sequence has length %d' % (idx, len(self)))
        if self.seed is not None:
            np.random.seed(self.seed + self.total_batches_seen)
        self.total_batches_seen += 1
        if self.index_array is None:
            self._set_index_array()
        return self._get_batches_of_transformed_samples(
            self.index_array[self.batch_size * idx:self.batch_size * (idx + 1)])

    def __len__(self):
        return (self.n + self.batch_size - 1) // self.batch_size

    def on_epoch_end(self):
        self._set_index_array()

    def reset(self):
        self.batch_index = 0

    def _flow_index(self):
        self.reset()
        while True:
            if self.seed is not None:
                np.random.seed(self.seed + self.total_batches_seen)
            if self.batch_index == 0:
                self._set_index_array()
            start = self.batch_index * self.batch_size % self.n if self.n else 0
            self.batch_index = self.batch_index + 1 if self.n > start + self.batch_size else 0
            self.total_batches_seen += 1
            yield self.index_array[start:start + self.batch_size]

    def __iter__(self):
        return self

    def __next__(self):
        with self.lock:
            index_array = next(self.index_generator)
        return self._get_batches_of_transformed_samples(index_array)

    def _get_batches_of_transformed_samples(self, index_array):
        raise NotImplementedError


def _transformed(generator, x):
    params = generator.get_random_transform(x.shape)
    return generator.standardize(generator.apply_transform(x, params))


def read_image_batch(iterator, index_array):
    """The images at ``index_array`` of a directory or DataFrame iterator's files, loaded, resized,
    transformed by its ImageDataGenerator and saved to its save_to_dir if it has one (Keras's order)."""
    from ..images import img_to_array, load_img
    batch_x = np.zeros((len(index_array),) + iterator.image_shape, dtype=iterator.dtype)
    for i, j in enumerate(index_array):
        img = load_img(iterator._filepaths[j], color_mode=iterator.color_mode, target_size=iterator.target_size,
                       interpolation=iterator.interpolation, keep_aspect_ratio=iterator.keep_aspect_ratio)
        x = img_to_array(img, data_format=iterator.data_format)
        if hasattr(img, 'close'):
            img.close()
        generator = iterator.image_data_generator
        batch_x[i] = _transformed(generator, x) if generator else x
    if iterator.save_to_dir:
        _save_batch(batch_x, index_array, iterator.data_format, iterator.save_to_dir, iterator.save_prefix,
                    iterator.save_format, 1e7)
    return batch_x


def _save_batch(batch_x, index_array, data_format, directory, prefix, file_format, hash_range):
    from ..images import array_to_img
    for i, j in enumerate(index_array):
        name = '%s_%d_%d.%s' % (prefix, j, np.random.randint(hash_range), file_format)
        array_to_img(batch_x[i], data_format, scale=True).save(os.path.join(directory, name))


class NumpyArrayIterator(Iterator):
    """Batches of images from a rank-4 array ``x`` (with labels ``y``, ``sample_weight``, and extra
    arrays when ``x`` is ``(images, [arrays])``), each image randomly transformed and standardised."""

    def __init__(self, x, y, image_data_generator, batch_size=32, shuffle=False, sample_weight=None, seed=None,
                 data_format=None, save_to_dir=None, save_prefix='', save_format='png', subset=None,
                 ignore_class_split=False, dtype=None):
        data_format = data_format or _config.image_data_format()
        self.dtype = dtype or _config.floatx()
        x_misc = []
        if isinstance(x, (tuple, list)):
            x_misc = [np.asarray(m) for m in x[1]] if isinstance(x[1], list) else [np.asarray(x[1])]
            x = x[0]
            for m in x_misc:
                if len(x) != len(m):
                    raise ValueError('All of the arrays in `x` should have the same length. Found a pair with: '
                                     'len(x[0]) = %d, len(x[?]) = %d' % (len(x), len(m)))
        if y is not None and len(x) != len(y):
            raise ValueError('`x` (images tensor) and `y` (labels) should have the same length. Found: x.shape = %s, '
                             'y.shape = %s' % (np.asarray(x).shape, np.asarray(y).shape))
        if sample_weight is not None and len(x) != len(sample_weight):
            raise ValueError('`x` (images tensor) and `sample_weight` should have the same length. Found: '
                             'x.shape = %s, sample_weight.shape = %s'
                             % (np.asarray(x).shape, np.asarray(sample_weight).shape))
        if subset is not None:
            if subset not in ('training', 'validation'):
                raise ValueError('Invalid subset name: %s; expected "training" or "validation".' % (subset,))
            cut = int(len(x) * image_data_generator._validation_split)
            if y is not None and not ignore_class_split and not np.array_equal(np.unique(y[:cut]), np.unique(y[cut:])):
                raise ValueError('Training and validation subsets have different number of classes after the split. '
                                 'If your numpy arrays are sorted by the label, you might want to shuffle them.')
            part = slice(None, cut) if subset == 'validation' else slice(cut, None)
            x, x_misc = x[part], [np.asarray(m[part]) for m in x_misc]
            y = y[part] if y is not None else None
        self.x = np.asarray(x, dtype=self.dtype)
        self.x_misc = x_misc
        if self.x.ndim != 4:
            raise ValueError('Input data in `NumpyArrayIterator` should have rank 4. You passed an array with shape %s'
                             % (self.x.shape,))
        channels_axis = 3 if data_format == 'channels_last' else 1
        if self.x.shape[channels_axis] not in (1, 3, 4):
            warnings.warn('NumpyArrayIterator is set to use the data format convention "%s" (channels on axis %d), '
                          'i.e. expected either 1, 3, or 4 channels on axis %d. However, it was passed an array with '
                          'shape %s (%d channels).' % (data_format, channels_axis, channels_axis, self.x.shape,
                                                       self.x.shape[channels_axis]))
        self.y = np.asarray(y) if y is not None else None
        self.sample_weight = np.asarray(sample_weight) if sample_weight is not None else None
        self.image_data_generator = image_data_generator
        self.data_format = data_format
        self.save_to_dir, self.save_prefix, self.save_format = save_to_dir, save_prefix, save_format
        super().__init__(self.x.shape[0], batch_size, shuffle, seed)

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = np.zeros((len(index_array),) + self.x.shape[1:], dtype=self.dtype)
        for i, j in enumerate(index_array):
            batch_x[i] = _transformed(self.image_data_generator, self.x[j].astype(self.dtype))
        if self.save_to_dir:
            _save_batch(batch_x, index_array, self.data_format, self.save_to_dir, self.save_prefix, self.save_format,
                        1e4)
        miscs = [m[index_array] for m in self.x_misc]
        output = ([batch_x] + miscs if miscs else batch_x,)
        if self.y is None:
            return output[0]
        output += (self.y[index_array],)
        if self.sample_weight is not None:
            output += (self.sample_weight[index_array],)
        return output


def _image_files(directory, formats, follow_links):
    for root, _, files in sorted(os.walk(directory, followlinks=follow_links), key=lambda walked: walked[0]):
        for name in sorted(files):
            if name.lower().endswith('.tiff'):
                warnings.warn('Using ".tiff" files with multiple bands will cause distortion. Please verify your '
                              'output.')
            if name.lower().endswith(formats):
                yield root, name


class DirectoryIterator(Iterator):
    """Batches of images read from ``directory/<class>/...`` (classes sorted by name unless given),
    resized to ``target_size``, transformed and standardised; labels per ``class_mode``
    ('categorical', 'binary', 'sparse', 'input' or None). Reading images needs Pillow, as in Keras."""
    allowed_class_modes = {'categorical', 'binary', 'sparse', 'input', None}

    def __init__(self, directory, image_data_generator, target_size=(256, 256), color_mode='rgb', classes=None,
                 class_mode='categorical', batch_size=32, shuffle=True, seed=None, data_format=None, save_to_dir=None,
                 save_prefix='', save_format='png', follow_links=False, subset=None, interpolation='nearest',
                 keep_aspect_ratio=False, dtype=None):
        data_format = data_format or _config.image_data_format()
        self.image_data_generator = image_data_generator
        self.target_size = tuple(target_size)
        self.keep_aspect_ratio = keep_aspect_ratio
        channels = {'rgba': 4, 'rgb': 3, 'grayscale': 1}.get(color_mode)
        if channels is None:
            raise ValueError('Invalid color mode: %s; expected "rgb", "rgba", or "grayscale".' % (color_mode,))
        self.color_mode, self.data_format = color_mode, data_format
        self.image_shape = self.target_size + (channels,) if data_format == 'channels_last' \
            else (channels,) + self.target_size
        self.save_to_dir, self.save_prefix, self.save_format = save_to_dir, save_prefix, save_format
        self.interpolation = interpolation
        if subset not in (None, 'training', 'validation'):
            raise ValueError('Invalid subset name: %s;expected "training" or "validation"' % (subset,))
        fraction = image_data_generator._validation_split if subset else None
        self.split = None if subset is None else ((0, fraction) if subset == 'validation' else (fraction, 1))
        self.subset = subset
        self.directory = directory
        if class_mode not in self.allowed_class_modes:
            raise ValueError('Invalid class_mode: %s; expected one of: %s' % (class_mode, self.allowed_class_modes))
        self.class_mode = class_mode
        self.dtype = dtype or _config.floatx()
        if not classes:
            classes = [d for d in sorted(os.listdir(directory)) if os.path.isdir(os.path.join(directory, d))]
        self.num_classes = len(classes)
        self.class_indices = dict(zip(classes, range(len(classes))))
        self.filenames, labels = [], []
        for name in classes:
            class_dir = os.path.join(directory, name)
            files = list(_image_files(class_dir, self.white_list_formats, follow_links))
            if self.split:
                files = files[int(self.split[0] * len(files)):int(self.split[1] * len(files))]
            for root, file in files:
                self.filenames.append(os.path.join(name, os.path.relpath(os.path.join(root, file), class_dir)))
                labels.append(self.class_indices[name])
        self.samples = len(self.filenames)
        self.classes = np.array(labels, dtype='int32')
        print('Found %d images belonging to %d classes.' % (self.samples, self.num_classes))
        self._filepaths = [os.path.join(directory, name) for name in self.filenames]
        super().__init__(self.samples, batch_size, shuffle, seed)

    @property
    def filepaths(self):
        return self._filepaths

    @property
    def labels(self):
        return self.classes

    @property
    def sample_weight(self):
        return None

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = read_image_batch(self, index_array)
        if self.class_mode == 'input':
            return batch_x, batch_x.copy()
        if self.class_mode in ('binary', 'sparse'):
            return batch_x, self.classes[index_array].astype(self.dtype)
        if self.class_mode == 'categorical':
            batch_y = np.zeros((len(batch_x), len(self.class_indices)), dtype=self.dtype)
            batch_y[np.arange(len(batch_x)), self.classes[index_array]] = 1.0
            return batch_x, batch_y
        return batch_x
