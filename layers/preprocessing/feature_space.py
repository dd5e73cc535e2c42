"""``keras.utils.FeatureSpace`` (Keras 3): preprocess and encode a dict of structured-data features.

Each feature gets a preprocessing layer (Normalization, Rescaling, Discretization, IntegerLookup,
StringLookup, Hashing, or one of your own), crosses get a HashedCrossing, and categorical
results are multi-hot encoded by CategoryEncoding; the encoded features are concatenated in
sorted-name order (features first, then crosses) or returned as a dict. The same layers run
on data (``feature_space(dict_of_arrays)``, also inside ``Dataset.map``) and on the Inputs of
``get_inputs()``, so ``get_encoded_features()`` can start a functional model.
"""
import numpy as np

from framework import ops
from framework.data import Dataset
from framework.keras.backend import standardize_dtype
from framework.tensor import Tensor, convert_to_tensor

from ..input_layer import Input
from ..layer import Layer
from ..naming import unique_name
from ..tracked_dict import TrackedDict
from .feature_normalization import Normalization
from ..rescaling import Rescaling
from .categorical_encoding import CategoryEncoding
from .discretization import Discretization
from .feature_space_specs import Cross, Feature, TFDConcat, TFDIdentity, deserialize_spec
from .hashed_crossing import HashedCrossing
from .hashing import Hashing
from .lookups import IntegerLookup, StringLookup
from .text_vectorization import TextVectorization

# The feature type names a FeatureSpace takes as strings: each is the factory classmethod of that name.
_SHORTCUTS = ('float', 'float_normalized', 'float_rescaled', 'float_discretized', 'integer_categorical',
              'string_categorical', 'integer_hashed', 'string_hashed')


class FeatureSpace(Layer):
    """One-stop preprocessing and encoding of structured data (Keras 3's ``keras.utils.FeatureSpace``).

    Args:
        features: {name: a feature type name ('float', 'float_normalized', 'float_rescaled',
            'float_discretized', 'integer_categorical', 'string_categorical', 'integer_hashed',
            'string_hashed') or a ``FeatureSpace.<type>(...)`` / ``FeatureSpace.feature(...)``}.
        output_mode: 'concat' (one float vector per sample) or 'dict' (encoded features by name).
        crosses: feature-name tuples, or ``FeatureSpace.cross(...)``, to hash together.
        crossing_dim: bins of a cross given as a tuple (default 32).
        hashing_dim: bins of the '*_hashed' type names (default 32).
        num_discretization_bins: bins of the 'float_discretized' type name (default 32).
    Raises:
        ValueError: no features, an unknown type name, a cross naming an unknown feature, or a
            bad output_mode (Keras 3's messages).
    """
    _keras_identity = ('keras.utils', None)

    # ---- feature types (Keras 3's factories; the preprocessor is named '<name>_preprocessor') ----
    @classmethod
    def cross(cls, feature_names, crossing_dim, output_mode='one_hot'):
        return Cross(feature_names, crossing_dim, output_mode=output_mode)

    @classmethod
    def feature(cls, dtype, preprocessor, output_mode):
        return Feature(dtype, preprocessor, output_mode)

    @classmethod
    def float(cls, name=None):
        name = name or unique_name('float')
        return Feature('float32', TFDIdentity(dtype='float32', name=name + '_preprocessor'), 'float')

    @classmethod
    def float_rescaled(cls, scale=1.0, offset=0.0, name=None):
        name = name or unique_name('float_rescaled')
        return Feature('float32', Rescaling(scale=scale, offset=offset, name=name + '_preprocessor'), 'float')

    @classmethod
    def float_normalized(cls, name=None):
        name = name or unique_name('float_normalized')
        return Feature('float32', Normalization(axis=-1, name=name + '_preprocessor'), 'float')

    @classmethod
    def float_discretized(cls, num_bins, bin_boundaries=None, output_mode='one_hot', name=None):
        name = name or unique_name('float_discretized')
        layer = Discretization(num_bins=num_bins, bin_boundaries=bin_boundaries, name=name + '_preprocessor')
        return Feature('float32', layer, output_mode)

    @classmethod
    def integer_categorical(cls, max_tokens=None, num_oov_indices=1, output_mode='one_hot', name=None):
        name = name or unique_name('integer_categorical')
        layer = IntegerLookup(name=name + '_preprocessor', max_tokens=max_tokens, num_oov_indices=num_oov_indices)
        return Feature('int32', layer, output_mode)

    @classmethod
    def string_categorical(cls, max_tokens=None, num_oov_indices=1, output_mode='one_hot', name=None):
        name = name or unique_name('string_categorical')
        layer = StringLookup(name=name + '_preprocessor', max_tokens=max_tokens, num_oov_indices=num_oov_indices)
        return Feature('string', layer, output_mode)

    @classmethod
    def string_hashed(cls, num_bins, output_mode='one_hot', name=None):
        name = name or unique_name('string_hashed')
        return Feature('string', Hashing(name=name + '_preprocessor', num_bins=num_bins), output_mode)

    @classmethod
    def integer_hashed(cls, num_bins, output_mode='one_hot', name=None):
        name = name or unique_name('integer_hashed')
        return Feature('int32', Hashing(name=name + '_preprocessor', num_bins=num_bins), output_mode)

    # ---- construction ------------------------------------------------------------------------
    def __init__(self, features, output_mode='concat', crosses=None, crossing_dim=32, hashing_dim=32,
                 num_discretization_bins=32, name=None):
        super().__init__(name=name)
        if not features:
            raise ValueError('The `features` argument cannot be None or empty.')
        self.crossing_dim, self.hashing_dim = crossing_dim, hashing_dim
        self.num_discretization_bins = num_discretization_bins
        self.features = {key: self._standardize_feature(key, value) for key, value in features.items()}
        self.crosses = [self._standardize_cross(cross, set(features)) for cross in crosses or ()]
        self.crosses_by_name = {cross.name: cross for cross in self.crosses}
        if output_mode not in ('dict', 'concat'):
            raise ValueError("Invalid value for argument `output_mode`. Expected one of {'dict', 'concat'}. "
                             'Received: output_mode=%s' % (output_mode,))
        self.output_mode = output_mode
        # a TrackedDict, as Keras 3 holds it: models built on it warn when called with a plain dict
        self.inputs = TrackedDict((key, Input(shape=(1,), dtype=f.dtype, name=key))
                                  for key, f in self.features.items())
        self.preprocessors = {key: f.preprocessor for key, f in self.features.items()}
        self.encoded_features = None
        self.crossers = {cross.name: HashedCrossing(cross.crossing_dim, name=cross.name) for cross in self.crosses}
        self.one_hot_encoders = {}
        self._is_adapted = False
        self.concat = None
        self._preprocessed_features_names = None
        self._crossed_features_names = None
        self._sublayers_built = False

    def _standardize_feature(self, name, feature):
        if isinstance(feature, Feature):
            return feature
        if isinstance(feature, dict):
            return deserialize_spec(feature, (Feature,))
        if feature == 'float_discretized':
            return self.float_discretized(name=name, num_bins=self.num_discretization_bins)
        if feature in ('integer_hashed', 'string_hashed'):
            return getattr(self, feature)(self.hashing_dim, name=name)
        if isinstance(feature, str) and feature in _SHORTCUTS:
            return getattr(self, feature)(name=name)
        raise ValueError('Invalid feature type: %s' % (feature,))

    def _standardize_cross(self, cross, feature_names):
        if isinstance(cross, dict):
            cross = deserialize_spec(cross, (Cross,))
        if isinstance(cross, Cross):
            return cross
        if not self.crossing_dim:
            raise ValueError('When specifying `crosses`, the argument `crossing_dim` (dimensionality of the '
                             'crossing space) should be specified as well.')
        if any(key not in feature_names for key in cross):
            raise ValueError('All features referenced in the `crosses` argument should be present in the '
                             '`features` dict. Received unknown features: %s' % (cross,))
        return Cross(cross, crossing_dim=self.crossing_dim)

    # ---- adapting ------------------------------------------------------------------------------
    def _list_adaptable_preprocessors(self):
        names = []
        for name in self.features:
            preprocessor = self.preprocessors[name]
            # Fixed statistics or a given vocabulary leave nothing to adapt (Keras 3's two exceptions).
            if isinstance(preprocessor, Normalization) and preprocessor.input_mean is not None:
                continue
            if isinstance(preprocessor, TextVectorization) and preprocessor._lookup_layer._has_input_vocabulary:
                continue
            if hasattr(preprocessor, 'adapt'):
                names.append(name)
        return names

    def adapt(self, dataset):
        """Adapt every adaptable preprocessor to its column of ``dataset``.

        Args:
            dataset: a Dataset of dicts of features (batched or not; no labels), or a dict of arrays.
        Raises:
            ValueError: anything else (Keras 3's message), or dataset elements that are not dicts.
        """
        if not isinstance(dataset, Dataset):
            if not isinstance(dataset, dict):
                raise ValueError('`adapt()` can only be called on a tf.data.Dataset or a dict of arrays/lists. '
                                 'Received instead: %s (of type %s)' % (dataset, type(dataset)))
            dataset = Dataset.from_tensor_slices(dataset)
        for name in self._list_adaptable_preprocessors():
            column = dataset.map(_column(name))
            rank = len(next(iter(column)).shape)
            if rank == 0:
                column = column.batch(32)          # unbatched scalars: batch them
            if rank in (0, 1):
                column = column.map(_expand_last)  # (batch,) -> (batch, 1), reduced over axis 0
            self.preprocessors[name].adapt(column)
        self._is_adapted = True
        self.get_encoded_features()                # finishes building: encoders and concat
        self.built = True
        self._sublayers_built = True

    def _check_if_adapted(self):
        if not self._is_adapted:
            if self._list_adaptable_preprocessors():
                raise ValueError('You need to call `.adapt(dataset)` on the FeatureSpace before you can start '
                                 'using it.')
            self._is_adapted = True

    def _check_if_built(self):
        if not self._sublayers_built:
            self._check_if_adapted()
            self.get_encoded_features()
            self._sublayers_built = True

    # ---- the functional side -------------------------------------------------------------------
    def get_inputs(self):
        """{name: keras.Input of shape (1,)} (the feature's dtype), for ``keras.Model(inputs, ...)``."""
        self._check_if_built()
        return self.inputs

    def get_encoded_features(self):
        """The encoded KerasTensor (concat) or dict of them, computed from ``get_inputs()``.

        Raises:
            ValueError: before ``adapt`` when a preprocessor needs it.
        """
        self._check_if_adapted()
        if self.encoded_features is None:
            preprocessed = self._preprocess_features(self.inputs)
            crossed = self._cross_features(preprocessed)
            self.encoded_features = self._merge_features(preprocessed, crossed)
        return self.encoded_features

    def _preprocess_features(self, features):
        return {name: self.preprocessors[name](features[name]) for name in features}

    def _cross_features(self, features):
        return {cross.name: self.crossers[cross.name]([features[name] for name in cross.feature_names])
                for cross in self.crosses}

    def _merge_features(self, preprocessed, crossed):
        if not self._preprocessed_features_names:
            self._preprocessed_features_names = sorted(preprocessed)
            self._crossed_features_names = sorted(crossed)
        names = self._preprocessed_features_names + self._crossed_features_names
        values = [preprocessed[n] for n in self._preprocessed_features_names] + \
                 [crossed[n] for n in self._crossed_features_names]
        if self._sublayers_built:
            encoded = [self.one_hot_encoders[n](v) if n in self.one_hot_encoders else v
                       for n, v in zip(names, values)]
        else:
            encoded = [self._first_encoding(n, v) for n, v in zip(names, values)]
        if self.output_mode == 'dict':
            return dict(zip(names, encoded))
        if self.concat is None:
            self.concat = TFDConcat(axis=-1)
        return self.concat(encoded)

    def _first_encoding(self, name, value):
        """``value`` encoded, making its CategoryEncoding on the way (the first, symbolic, pass)."""
        spec = self.features.get(name) or self.crosses_by_name[name]
        dtype = standardize_dtype(value.dtype)
        if spec.output_mode == 'one_hot':
            if not dtype.startswith('int'):
                raise ValueError("Feature '%s' has `output_mode='one_hot'`. Thus its preprocessor should return an "
                                 'integer dtype. Instead it returns a %s dtype.' % (name, dtype))
            cardinality = _cardinality(self.preprocessors.get(name) or self.crossers.get(name), name)
            if cardinality is not None:
                encoder = CategoryEncoding(num_tokens=cardinality, output_mode='multi_hot')
                self.one_hot_encoders[name] = encoder
                value = encoder(value)
                dtype = standardize_dtype(value.dtype)
        if self.output_mode == 'concat' and (dtype.startswith('int') or dtype == 'string'):
            raise ValueError("Cannot concatenate features because feature '%s' has not been encoded (it has dtype "
                             "%s). Consider using `output_mode='dict'`." % (name, dtype))
        return value

    # ---- calling on data -------------------------------------------------------------------------
    def __call__(self, data):
        """Encode ``data``, a dict of arrays, lists, tensors or scalars (one sample, or a batch).

        Returns:
            a float32 tensor of shape (batch, total size), or (total size,) for a dict of scalars;
            in 'dict' mode a dict of tensors.
        Raises:
            ValueError: data that is not a dict; before ``adapt`` when a preprocessor needs it.
        """
        self._check_if_built()
        if not isinstance(data, dict):
            raise ValueError('A FeatureSpace can only be called with a dict. Received: data=%s (of type %s'
                             % (data, type(data)))
        data = {key: _as_tensor(value) for key, value in data.items()}
        rebatched = False
        for key, x in data.items():
            if x.ndim == 0:
                data[key] = ops.reshape(x, (1, 1))
                rebatched = True
            elif x.ndim == 1:
                data[key] = ops.expand_dims(x, -1)
        preprocessed = self._preprocess_features(data)
        merged = self._merge_features(preprocessed, self._cross_features(preprocessed))
        if not rebatched:
            return merged
        if self.output_mode == 'concat':
            if merged.shape[0] != 1:
                raise ValueError('Expected rebatched data to have batch size 1. Received: shape=%s' % (merged.shape,))
            return ops.squeeze(merged, axis=0)
        return {key: ops.squeeze(x, axis=0) if x.ndim == 2 and x.shape[0] == 1 else x for key, x in merged.items()}

    # ---- saving --------------------------------------------------------------------------------
    def get_config(self):
        return {'features': {key: f.serialize() for key, f in self.features.items()},
                'output_mode': self.output_mode, 'crosses': [cross.serialize() for cross in self.crosses],
                'crossing_dim': self.crossing_dim, 'hashing_dim': self.hashing_dim,
                'num_discretization_bins': self.num_discretization_bins}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def get_build_config(self):
        return {key: f.preprocessor.get_build_config() for key, f in self.features.items()}

    def build_from_config(self, config):
        """Build the preprocessors a saved FeatureSpace had built (their adapted state loads next)."""
        for key, build_config in config.items():
            preprocessor = self.features[key].preprocessor
            shape = (build_config or {}).get('input_shape')
            if not preprocessor.built and shape is not None:
                preprocessor._build_from_shape(tuple(shape))
        self._is_adapted = True
        self.built = True

    def save(self, filepath):
        """Save to a ``.keras`` file; ``keras.models.load_model`` reads it back.

        Raises:
            ValueError: another extension.
        """
        import os
        from ..saving.model_file import save_model
        if not str(os.fspath(filepath)).endswith('.keras'):
            raise ValueError('Invalid `filepath` argument: expected a `.keras` extension. Received: filepath=%s'
                             % (filepath,))
        save_model(self, filepath)


def _column(name):
    return lambda x: x[name]


def _expand_last(x):
    return ops.expand_dims(x, -1)


def _as_tensor(value):
    if isinstance(value, Tensor):
        return value
    if not isinstance(value, (list, tuple, int, float, str, bytes)):
        value = np.asarray(value)
    return convert_to_tensor(value)


def _cardinality(preprocessor, name):
    """The number of values a one-hot feature's preprocessor can return (None: unknown, left as is)."""
    if isinstance(preprocessor, (IntegerLookup, StringLookup)):
        return preprocessor.vocabulary_size()
    if isinstance(preprocessor, CategoryEncoding):
        return preprocessor.num_tokens
    if isinstance(preprocessor, (Discretization, HashedCrossing, Hashing)):
        return preprocessor.num_bins
    raise ValueError("Feature '%s' has `output_mode='one_hot'`. However it isn't a standard feature and the "
                     "dimensionality of its output space is not known, thus it cannot be one-hot encoded. Try "
                     "using `output_mode='int'`." % name)
