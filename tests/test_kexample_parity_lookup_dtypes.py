"""The dtypes that lookup and text layers report, and those of their symbolic outputs, as Keras 3
has them: keras.io's structured-data example builds its model on KerasTensors from
StringLookup / IntegerLookup encodings, which Keras declares floatx although, run eagerly, the
one-hot, multi-hot and count encodings are int64 (tapeflow declared int64, and reported float32
as the layers' dtype). Expected values printed by TensorFlow 2.21 / Keras 3.
"""
import numpy as np
import pytest

from framework import keras
from framework.keras import layers


@pytest.mark.parametrize('cls, vocabulary, input_dtype, reported', [
    (layers.StringLookup, ['a', 'b'], 'string', 'string'),
    (layers.IntegerLookup, [1, 2], 'int64', 'int64'),
])
@pytest.mark.parametrize('mode, symbolic', [('int', 'int64'), ('one_hot', 'float32'), ('multi_hot', 'float32'),
                                            ('count', 'float32'), ('tf_idf', 'float32')])
def test_lookups_report_the_vocabulary_dtype_and_declare_float_encodings(cls, vocabulary, input_dtype, reported, mode,
                                                                         symbolic):
    weights = {'idf_weights': [0.5, 0.25]} if mode == 'tf_idf' else {}
    layer = cls(vocabulary=vocabulary, output_mode=mode, **weights)
    assert layer(keras.Input(shape=(1,), dtype=input_dtype)).dtype == symbolic
    assert layer.dtype == layer.compute_dtype == layer.variable_dtype == reported
    assert layer.get_config()['dtype']['config']['name'] == 'float32'      # the policy, unchanged
    eager = layer(np.array([vocabulary[:1]]))
    assert eager.dtype == ('float32' if mode == 'tf_idf' else 'int64')


@pytest.mark.parametrize('mode, eager, symbolic', [('int', 'int64', 'int64'), ('multi_hot', 'int64', 'float32'),
                                                   ('count', 'int64', 'float32'), ('tf_idf', 'float32', 'float32')])
def test_text_vectorization_dtypes(mode, eager, symbolic):
    layer = layers.TextVectorization(output_mode=mode, output_sequence_length=3 if mode == 'int' else None)
    layer.adapt(['a b c', 'a b', 'a'])
    assert layer(['a c']).dtype == eager
    assert layer(keras.Input(shape=(), dtype='string')).dtype == symbolic
    assert layer.dtype == layer.compute_dtype == 'string'


def test_discretization_reports_its_float_dtype_and_declares_int32_indices():
    indices = layers.Discretization(bin_boundaries=[0.0, 1.0])
    assert indices.compute_dtype == 'float32' and indices(np.array([[1.5]])).dtype == 'int32'
    assert indices(keras.Input(shape=(1,))).dtype == 'int32'
    one_hot = layers.Discretization(bin_boundaries=[0.0, 1.0], output_mode='one_hot')
    assert one_hot(keras.Input(shape=(1,))).dtype == 'float32'


def test_encoded_lookups_concatenate_symbolically_as_float32():
    sex = keras.Input(shape=(1,), name='sex', dtype='int64')
    encoded = layers.IntegerLookup(vocabulary=[0, 1], output_mode='one_hot')(sex)
    assert encoded.dtype == 'float32'
    assert layers.concatenate([encoded, keras.Input(shape=(1,))]).dtype == 'float32'
