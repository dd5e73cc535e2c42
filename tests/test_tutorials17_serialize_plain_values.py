"""keras.saving.serialize_keras_object / deserialize_keras_object on dtypes, shapes, slices, Ellipsis,
numpy scalars and tuples, as Keras 3.15 (TF 2.21) does.

Found porting tensorflow.org's Keras serialization guide (guide/keras/serialization_and_saving, helper
tutorials17: /work/notes/progs/tutorials17/serialization.py, ser_values.py): ``serialize_keras_object(tf.float32)``
is 'float32' in Keras 3 (tapeflow raised TypeError 'cannot serialize tf.float32 (a DType)'); a
TensorShape is its as_list() (None for an unknown rank; tapeflow gave a tuple, or ValueError); slices and
Ellipsis have their '__slice__' / '__ellipsis__' configs; a 0-d numpy array is its Python value; and
deserializing a tuple gives a list. Values pinned from ser_values.py under TF 2.21.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

serialize = keras.saving.serialize_keras_object
deserialize = keras.saving.deserialize_keras_object


@pytest.mark.parametrize('obj, config', [
    (tf.float32, 'float32'), (tf.int64, 'int64'), (tf.string, 'string'),
    (tf.TensorShape([None, 3]), [None, 3]), (tf.TensorShape(None), None), (tf.TensorShape([]), []),
    (np.array(3.5), 3.5), (np.float32(2.5), 2.5), (np.bool_(True), True),
    ({'d': tf.bool}, {'d': 'bool'}), ((tf.float32, 2), ('float32', 2)),
])
def test_plain_configs(obj, config):
    assert serialize(obj) == config
    assert type(serialize(obj)) is type(config)


def test_slices_and_ellipsis_round_trip():
    assert serialize(slice(1, 5, 2)) == {'class_name': '__slice__', 'config': {'start': 1, 'stop': 5, 'step': 2}}
    assert serialize(slice(None, 3)) == {'class_name': '__slice__',
                                         'config': {'start': None, 'stop': 3, 'step': None}}
    assert serialize(Ellipsis) == {'class_name': '__ellipsis__', 'config': {}}
    config = serialize([slice(0, 1), ...])
    assert config == [{'class_name': '__slice__', 'config': {'start': 0, 'stop': 1, 'step': None}},
                      {'class_name': '__ellipsis__', 'config': {}}]
    assert deserialize(config) == [slice(0, 1, None), Ellipsis]


def test_a_tuple_comes_back_as_a_list():
    assert deserialize(serialize((tf.float32, 2))) == ['float32', 2]
    assert deserialize({'d': 'bool'}) == {'d': 'bool'}


def test_arrays_keep_their_configs():
    assert serialize(np.array([1, 2], dtype=np.int32)) == {'class_name': '__numpy__',
                                                            'config': {'value': [1, 2], 'dtype': 'int32'}}
    assert serialize(tf.constant([[1.5]], tf.float16)) == {'class_name': '__tensor__',
                                                            'config': {'value': [[1.5]], 'dtype': 'float16'}}
