"""``ImageDataGenerator.flow_from_dataframe``'s iterator: image batches from the files a pandas
DataFrame lists, with Keras's legacy semantics (TF 2.21's ``tf.keras.preprocessing.image``).

Rows keep the DataFrame's order (shuffling, as in every iterator, draws batch indices). With
``validate_filenames`` rows whose file is missing or not an image are dropped with a warning.
For the label modes that use classes ('categorical', 'binary', 'sparse') the classes are the
given ``classes`` (rows with none of them dropped) or every label seen, sorted; a 'categorical'
row may hold a list of labels (multi-hot). 'raw' gives ``df[y_col].values``, 'multi_output'
one array per column of ``y_col``, 'input' the images themselves, None no labels; a numeric
``weight_col`` adds sample weights.
"""
import collections
import os
import warnings

import numpy as np

from .. import backend as _config
from .image_iterators import Iterator, read_image_batch

_CLASS_MODES_WITHOUT_CLASSES = ('input', 'multi_output', 'raw', None)


class DataFrameIterator(Iterator):
    """Batches of images named by ``dataframe[x_col]`` (relative to ``directory``), resized to
    ``target_size``, transformed and standardised, with labels per ``class_mode``.

    Raises:
        ValueError: a bad class_mode, color_mode or subset, or 'binary' without exactly 2 classes.
        TypeError: non-string file names or labels, a non-list y_col for 'multi_output', or a
            non-numeric weight column (Keras's messages).
    """
    allowed_class_modes = {'binary', 'categorical', 'input', 'multi_output', 'raw', 'sparse', None}

    def __init__(self, dataframe, directory=None, image_data_generator=None, x_col='filename', y_col='class',
                 weight_col=None, target_size=(256, 256), color_mode='rgb', classes=None, class_mode='categorical',
                 batch_size=32, shuffle=True, seed=None, data_format='channels_last', save_to_dir=None,
                 save_prefix='', save_format='png', subset=None, interpolation='nearest', keep_aspect_ratio=False,
                 dtype='float32', validate_filenames=True):
        channels = {'rgba': 4, 'rgb': 3, 'grayscale': 1}.get(color_mode)
        if channels is None:
            raise ValueError('Invalid color mode: %s; expected "rgb", "rgba", or "grayscale".' % (color_mode,))
        if subset not in (None, 'training', 'validation'):
            raise ValueError('Invalid subset name: %s;expected "training" or "validation"' % (subset,))
        self.image_data_generator = image_data_generator
        self.target_size, self.keep_aspect_ratio = tuple(target_size), keep_aspect_ratio
        self.color_mode, self.data_format = color_mode, data_format or _config.image_data_format()
        self.image_shape = (self.target_size + (channels,) if self.data_format == 'channels_last'
                            else (channels,) + self.target_size)
        self.save_to_dir, self.save_prefix, self.save_format = save_to_dir, save_prefix, save_format
        self.interpolation, self.subset = interpolation, subset
        fraction = image_data_generator._validation_split if subset else None
        self.split = None if subset is None else ((0, fraction) if subset == 'validation' else (fraction, 1))
        self.directory = directory or ''
        self.class_mode, self.dtype = class_mode, dtype
        if not hasattr(dataframe, 'copy') or not hasattr(dataframe, 'columns'):
            # Keras fails on dataframe.copy() with this class; the words say what to pass
            raise AttributeError('flow_from_dataframe: `dataframe` must be a pandas DataFrame, got %s'
                                 % type(dataframe).__name__)
        df = dataframe.copy()
        for role, columns in (('x_col', x_col), ('y_col', y_col if class_mode is not None else None),
                              ('weight_col', weight_col)):
            for column in (columns if isinstance(columns, list) else [columns] if columns is not None else []):
                if not isinstance(column, str) or column not in df.columns:
                    # pandas' KeyError, as Keras raises it, naming the argument and the columns there are
                    raise KeyError('flow_from_dataframe: %s=%r is not a column of the DataFrame (its columns: %s)'
                                   % (role, column, list(df.columns)))
        self._check_params(df, x_col, y_col, weight_col, classes)
        if validate_filenames:
            df = self._keep_valid_files(df, x_col)
        if class_mode not in _CLASS_MODES_WITHOUT_CLASSES:
            df, classes = _keep_classes(df, y_col, classes)
            self.class_indices = dict(zip(classes, range(len(classes))))
        if self.split:
            df = df.iloc[int(self.split[0] * len(df)):int(self.split[1] * len(df)), :]
        if class_mode not in _CLASS_MODES_WITHOUT_CLASSES:
            self.classes = [[self.class_indices[one] for one in label] if isinstance(label, (list, tuple))
                            else self.class_indices[label] for label in df[y_col]]
        self.filenames = df[x_col].tolist()
        self._sample_weight = df[weight_col].values if weight_col else None
        if class_mode == 'multi_output':
            self._targets = [np.array(df[column].tolist()) for column in y_col]
        if class_mode == 'raw':
            self._targets = df[y_col].values
        self.samples = len(self.filenames)
        checked = 'validated' if validate_filenames else 'non-validated'
        if class_mode in _CLASS_MODES_WITHOUT_CLASSES:
            print('Found %d %s image filenames.' % (self.samples, checked))
        else:
            print('Found %d %s image filenames belonging to %d classes.' % (self.samples, checked, len(classes)))
        self._filepaths = [os.path.join(self.directory, name) for name in self.filenames]
        super().__init__(self.samples, batch_size, shuffle, seed)

    def _check_params(self, df, x_col, y_col, weight_col, classes):
        mode = self.class_mode
        if mode not in self.allowed_class_modes:
            raise ValueError('Invalid class_mode: %s; expected one of: %s' % (mode, self.allowed_class_modes))
        if mode == 'multi_output' and not isinstance(y_col, list):
            raise TypeError('If class_mode="%s", y_col must be a list. Received %s.' % (mode, type(y_col).__name__))
        if not all(isinstance(name, str) for name in df[x_col]):
            raise TypeError('All values in column x_col=%s must be strings.' % (x_col,))
        if mode in ('binary', 'sparse') and not all(isinstance(label, str) for label in df[y_col]):
            raise TypeError('If class_mode="%s", y_col="%s" column values must be strings.' % (mode, y_col))
        if mode == 'binary':
            if classes and len(set(classes)) != 2:
                raise ValueError('If class_mode="binary" there must be 2 classes. %d class/es were given.'
                                 % len(set(classes)))
            if not classes and df[y_col].nunique() != 2:
                raise ValueError('If class_mode="binary" there must be 2 classes. Found %d classes.'
                                 % df[y_col].nunique())
        if mode == 'categorical' and not all(isinstance(label, (str, list, tuple)) for label in df[y_col]):
            raise TypeError('If class_mode="%s", y_col="%s" column values must be type string, list or tuple.'
                            % (mode, y_col))
        if classes and mode in _CLASS_MODES_WITHOUT_CLASSES:
            warnings.warn('`classes` will be ignored given the class_mode="%s"' % (mode,))
        if weight_col and not issubclass(df[weight_col].dtype.type, np.number):
            raise TypeError('Column weight_col=%s must be numeric.' % (weight_col,))

    def _keep_valid_files(self, df, x_col):
        paths = df[x_col].map(lambda name: os.path.join(self.directory, name))
        valid = paths.apply(lambda path: path.lower().endswith(self.white_list_formats) and os.path.isfile(path))
        invalid = int((~valid).sum())
        if invalid:
            warnings.warn('Found %d invalid image filename(s) in x_col="%s". These filename(s) will be ignored.'
                          % (invalid, x_col))
        return df[valid]

    @property
    def filepaths(self):
        return self._filepaths

    @property
    def labels(self):
        return self._targets if self.class_mode in ('multi_output', 'raw') else self.classes

    @property
    def sample_weight(self):
        return self._sample_weight

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = read_image_batch(self, index_array)
        mode = self.class_mode
        if mode is None:
            return batch_x
        if mode == 'input':
            batch_y = batch_x.copy()
        elif mode in ('binary', 'sparse'):
            batch_y = np.array([self.classes[j] for j in index_array], dtype=self.dtype)
        elif mode == 'categorical':
            batch_y = np.zeros((len(batch_x), len(self.class_indices)), dtype=self.dtype)
            for i, j in enumerate(index_array):
                batch_y[i, self.classes[j]] = 1.0             # a list of class indices: multi-hot
        elif mode == 'multi_output':
            batch_y = [output[index_array] for output in self.labels]
        else:
            batch_y = self.labels[index_array]
        if self._sample_weight is None:
            return batch_x, batch_y
        return batch_x, batch_y, self._sample_weight[index_array]


def _keep_classes(df, y_col, classes):
    """(the rows with a label among ``classes``, the class list): the given classes in order
    (duplicates dropped, each row's labels cut to them), or every label seen, sorted."""
    df = df.copy()
    if classes:
        classes = list(collections.OrderedDict.fromkeys(classes))

        def among_classes(labels):
            if isinstance(labels, (list, tuple)):
                return [one for one in labels if one in classes] or None
            if isinstance(labels, str):
                return labels if labels in classes else None
            raise TypeError('Expect string, list or tuple but found %s in %s column ' % (type(labels), y_col))
        df[y_col] = df[y_col].apply(among_classes)
    else:
        seen = set()
        for labels in df[y_col]:
            seen.update(labels) if isinstance(labels, (list, tuple)) else seen.add(labels)
        classes = sorted(seen)
    return df.dropna(subset=[y_col]), classes
