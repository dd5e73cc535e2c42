"""keras.utils.FeatureSpace against TensorFlow 2.21 / Keras 3.15.1.

Every pinned value was printed by the same program run under /opt/tfref/bin/python (TF 2.21,
Keras 3.15.1); the program is the test body with `import keras` and `from keras.utils import
FeatureSpace`. The Keras-made files come from tests/data/make_keras_feature_space_files.py.
"""
import json
import os
import zipfile

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras.utils import FeatureSpace

DATA_DIR = os.path.join(os.path.dirname(__file__), 'data')
SMALL = {'f': np.array([0.0, 0.1, 0.2, 0.3, 0.9]), 's': np.array(['zero', 'one', 'two', 'three', 'one']),
         'i': np.array([0, 1, 2, 3, 3]), 'r': np.array([1.0, 2, 3, 4, 5])}
# (column, value) of each row's nonzero entries, from Keras (normalized f, one-hot i, rescaled r,
# one-hot s, then the hashed s_X_i cross, in sorted-name order)
SMALL_NONZERO = [[(0, -0.9486833214759827), (5, 1.0), (6, 3.0), (9, 1.0), (23, 1.0)],
                 [(0, -0.632455587387085), (4, 1.0), (6, 5.0), (8, 1.0), (15, 1.0)],
                 [(0, -0.3162277936935425), (3, 1.0), (6, 7.0), (10, 1.0), (31, 1.0)],
                 [(2, 1.0), (6, 9.0), (11, 1.0), (40, 1.0)],
                 [(0, 1.8973665237426758), (2, 1.0), (6, 11.0), (8, 1.0), (21, 1.0)]]


def _nonzero(rows):
    rows = np.asarray(rows)
    return [[(int(j), float(row[j])) for j in np.nonzero(row)[0]] for row in rows]


def _small_space():
    fs = FeatureSpace(features={'f': 'float_normalized', 's': 'string_categorical', 'i': 'integer_categorical',
                                'r': FeatureSpace.float_rescaled(scale=2.0, offset=1.0)},
                      crosses=[('s', 'i')], output_mode='concat')
    fs.adapt(SMALL)
    return fs


def test_concat_mode_encodes_as_keras():
    keras.utils.clear_session()
    fs = _small_space()
    out = fs(SMALL)
    assert out.shape == (5, 44) and out.dtype == tf.float32
    assert _nonzero(out) == SMALL_NONZERO
    assert fs.preprocessors['s'].get_vocabulary() == ['[UNK]', 'one', 'zero', 'two', 'three']
    assert fs.preprocessors['i'].get_vocabulary() == [-1, 3, 2, 1, 0]
    assert fs.preprocessors['r'].name == 'float_rescaled_preprocessor'
    assert fs.preprocessors['f'].name == 'f_preprocessor'
    assert type(fs.crossers['s_X_i']).__name__ == 'HashedCrossing'
    # one sample of scalars comes back as one vector; lists are converted as TensorFlow converts them
    assert _nonzero(fs({k: v[4] for k, v in SMALL.items()})[None]) == SMALL_NONZERO[4:]
    assert _nonzero(fs({k: v[:2].tolist() for k, v in SMALL.items()})) == SMALL_NONZERO[:2]
    encoded = fs.get_encoded_features()
    assert (encoded.shape, encoded.dtype, encoded.name) == ((None, 44), 'float32', 'keras_tensor_8')


def test_inside_dataset_map():
    fs = _small_space()
    ds = tf.data.Dataset.from_tensor_slices((SMALL, np.arange(5))).batch(2).map(lambda x, y: (fs(x), y))
    rows = np.concatenate([np.asarray(x) for x, _ in ds])
    assert _nonzero(rows) == SMALL_NONZERO


def test_dict_mode_hashing_discretizing_and_int_cross():
    data = {'p': np.array([0.5, 1.5, 2.5, 3.5]), 'q': np.array([1, 2, 3, 4]),
            'h': np.array(['a', 'b', 'c', 'a']), 'd': np.array([0.1, 0.4, 0.6, 0.9])}
    fs = FeatureSpace(features={'p': 'float', 'q': FeatureSpace.integer_hashed(num_bins=3), 'h': 'string_hashed',
                                'd': FeatureSpace.float_discretized(num_bins=3, output_mode='int')},
                      crosses=[FeatureSpace.cross(('h', 'q'), crossing_dim=4, output_mode='int')], output_mode='dict')
    fs.adapt(tf.data.Dataset.from_tensor_slices(data).batch(2))
    assert fs.preprocessors['d'].bin_boundaries == pytest.approx([0.20000000298023224, 0.5333333611488342], abs=0)
    out = fs(data)
    expected = {'d': ('int32', (4, 1), [0, 1, 2, 2]), 'h': ('float32', (4, 32), [3, 22, 8, 3]),
                'p': ('float32', (4, 1), [0.5, 1.5, 2.5, 3.5]), 'q': ('float32', (4, 3), [0, 1, 0, 2]),
                'h_X_q': ('int64', (4, 1), [0, 3, 2, 3])}
    assert list(out) == list(expected)
    for key, (dtype, shape, values) in expected.items():
        value = np.asarray(out[key])
        assert (out[key].dtype.name, tuple(out[key].shape)) == (dtype, shape), key
        assert (value.argmax(-1) if shape[-1] > 1 else value.ravel()).tolist() == values, key
    one = fs({k: v[1] for k, v in data.items()})
    assert {k: tuple(v.shape) for k, v in one.items()} == {'d': (1,), 'h': (32,), 'p': (1,), 'q': (3,),
                                                          'h_X_q': (1,)}
    encoded = fs.get_encoded_features()
    assert {k: (v.shape, v.dtype) for k, v in encoded.items()} == {
        'd': ((None, 1), 'int32'), 'h': ((None, 32), 'float32'), 'p': ((None, 1), 'float32'),
        'q': ((None, 3), 'float32'), 'h_X_q': ((None, 1), 'int64')}


def test_functional_model_on_the_inputs():
    fs = _small_space()
    inputs = fs.get_inputs()
    assert {k: (v.shape, v.dtype) for k, v in inputs.items()} == {
        'f': ((None, 1), 'float32'), 's': ((None, 1), 'string'), 'i': ((None, 1), 'int32'),
        'r': ((None, 1), 'float32')}
    model = keras.Model(inputs, fs.get_encoded_features())
    # called, not predict()ed: Keras 3's predict refuses numpy str arrays ('Invalid dtype: str160')
    assert _nonzero(np.asarray(model(SMALL))) == SMALL_NONZERO


class _Passthrough(keras.layers.Layer):
    """A custom preprocessor returning integers of no known cardinality."""

    def call(self, x):
        return x


D = {'a': np.array([1, 2, 3]), 'b': np.array([0.5, 1.5, 2.5]), 's': np.array(['x', 'y', 'x'])}


@pytest.mark.parametrize('make, message', [
    (lambda: FeatureSpace(features={}), 'The `features` argument cannot be None or empty.'),
    (lambda: FeatureSpace(features={'a': 'integer_thing'}), 'Invalid feature type: integer_thing'),
    (lambda: FeatureSpace(features={'a': 'integer_categorical'}, crosses=[('a', 'zz')]),
     "All features referenced in the `crosses` argument should be present in the `features` dict. Received "
     "unknown features: ('a', 'zz')"),
    (lambda: FeatureSpace(features={'a': 'integer_categorical', 's': 'string_categorical'}, crosses=[('a', 's')],
                          crossing_dim=0),
     'When specifying `crosses`, the argument `crossing_dim` (dimensionality of the crossing space) should be '
     'specified as well.'),
    (lambda: FeatureSpace(features={'a': 'integer_categorical'}, output_mode='list'),
     "Invalid value for argument `output_mode`. Expected one of {'dict', 'concat'}. Received: output_mode=list"),
    (lambda: FeatureSpace.feature('int32', keras.layers.IntegerLookup(), 'multi_hot'),
     "Invalid value for argument `output_mode`. Expected one of {'int', 'one_hot', 'float'}. Received: "
     'output_mode=multi_hot'),
    (lambda: FeatureSpace.cross(('a', 'b'), 4, output_mode='float'),
     "Invalid value for argument `output_mode`. Expected one of {'int', 'one_hot'}. Received: output_mode=float"),
    (lambda: FeatureSpace(features={'a': 'integer_categorical'})(D),
     'You need to call `.adapt(dataset)` on the FeatureSpace before you can start using it.'),
    (lambda: FeatureSpace(features={'a': 'integer_categorical'}).get_inputs(),
     'You need to call `.adapt(dataset)` on the FeatureSpace before you can start using it.'),
    (lambda: FeatureSpace(features={'a': 'integer_categorical'}).adapt([1, 2, 3]),
     "`adapt()` can only be called on a tf.data.Dataset or a dict of arrays/lists. Received instead: [1, 2, 3] "
     "(of type <class 'list'>)"),
    (lambda: FeatureSpace(features={'b': FeatureSpace.feature('float32', keras.layers.Normalization(), 'one_hot')})
     .adapt({'b': D['b']}),
     "Feature 'b' has `output_mode='one_hot'`. Thus its preprocessor should return an integer dtype. Instead it "
     'returns a float32 dtype.'),
    (lambda: FeatureSpace(features={'a': FeatureSpace.integer_categorical(output_mode='int')}).adapt({'a': D['a']}),
     "Cannot concatenate features because feature 'a' has not been encoded (it has dtype int64). Consider using "
     "`output_mode='dict'`."),
    (lambda: FeatureSpace(features={'a': FeatureSpace.feature('int32', _Passthrough(), 'one_hot')},
                          output_mode='dict').get_encoded_features(),
     "Feature 'a' has `output_mode='one_hot'`. However it isn't a standard feature and the dimensionality of its "
     "output space is not known, thus it cannot be one-hot encoded. Try using `output_mode='int'`."),
    (lambda: FeatureSpace(features={'b': FeatureSpace.float_discretized(num_bins=None, bin_boundaries=[1.0, 2.0])})
     .adapt({'b': D['b']}),
     'Cannot adapt a Discretization layer that has been initialized with `bin_boundaries`, use `num_bins` instead.'),
    (lambda: FeatureSpace(features={'b': 'float'}).save('x.h5'),
     'Invalid `filepath` argument: expected a `.keras` extension. Received: filepath=x.h5'),
])
def test_errors_are_keras_value_errors(make, message):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == message


def test_call_needs_a_dict_and_no_adapt_when_nothing_to_learn():
    fs = FeatureSpace(features={'b': 'float', 'r': 'float_rescaled'})
    out = fs({'b': D['b'], 'r': D['b']})          # nothing adaptable: usable at once, as in Keras
    assert np.asarray(out).tolist() == [[0.5, 0.5], [1.5, 1.5], [2.5, 2.5]]
    with pytest.raises(ValueError, match=r'^A FeatureSpace can only be called with a dict\. Received: data=\[1, 2\]'):
        fs([1, 2])


def _archive(path):
    with zipfile.ZipFile(path) as z:
        return json.loads(z.read('config.json')), sorted(z.namelist())


def test_save_writes_keras_layout_and_loads_back(tmp_path):
    fs = _small_space()
    path = str(tmp_path / 'fs.keras')
    fs.save(path)
    config, members = _archive(path)
    assert members == ['assets/preprocessors/integer_lookup/vocabulary.txt',
                       'assets/preprocessors/string_lookup/vocabulary.txt', 'config.json', 'metadata.json',
                       'model.weights.h5']
    # as Keras 3.15 writes it: no compile_config, Feature/Cross under Keras's private module
    assert sorted(config) == ['build_config', 'class_name', 'config', 'module', 'registered_name']
    assert (config['module'], config['class_name'], config['registered_name']) == ('keras.utils', 'FeatureSpace', None)
    feature = config['config']['features']['r']
    assert (feature['module'], feature['class_name'], feature['registered_name']) == \
        ('keras.src.layers.preprocessing.feature_space', 'Feature', 'Feature')
    assert config['config']['crosses'] == [{
        'module': 'keras.src.layers.preprocessing.feature_space', 'class_name': 'Cross',
        'config': {'feature_names': ['s', 'i'], 'crossing_dim': 32, 'output_mode': 'one_hot'},
        'registered_name': 'Cross'}]
    assert config['build_config'] == {'f': {'input_shape': [None, 1]}, 's': {}, 'i': {},
                                      'r': {'input_shape': [None, 1]}}
    reloaded = keras.models.load_model(path)
    assert type(reloaded) is FeatureSpace
    assert _nonzero(reloaded(SMALL)) == SMALL_NONZERO


KERAS_DATA = {'f': np.array([0.0, 0.1, 0.2, 0.3, 0.9]), 's': np.array(['zero', 'one', 'two', 'three', 'one']),
              'i': np.array([0, 1, 2, 3, 3]), 'p': np.array([1.0, 2.0, 3.0, 4.0, 5.0])}


def test_loads_a_keras_made_feature_space():
    fs = keras.models.load_model(os.path.join(DATA_DIR, 'keras3_feature_space.keras'))
    out = np.asarray(fs(KERAS_DATA))
    # printed by make_keras_feature_space_files.py (rounded to 6 places)
    assert out[:, 0].tolist() == pytest.approx([-0.948683, -0.632456, -0.316228, 0.0, 1.897366], abs=1e-6)
    assert out[:, 6].tolist() == [1.0, 2.0, 3.0, 4.0, 5.0]
    assert [np.nonzero(row[12:])[0].tolist() for row in out] == [[11], [3], [19], [28], [9]]


def test_loads_a_keras_made_model_that_starts_at_its_inputs():
    model = keras.models.load_model(os.path.join(DATA_DIR, 'keras3_feature_space_model.keras'))
    assert [type(layer).__name__ for layer in model.layers][-2:] == ['TFDConcat', 'Dense']
    out = np.asarray(model(KERAS_DATA)).ravel()     # as make_keras_feature_space_files.py calls it
    assert out.tolist() == pytest.approx([-0.04457336664199829, 0.8436497449874878, 0.699275553226471,
                                          0.8068332076072693, 1.2826577425003052], rel=1e-6)
