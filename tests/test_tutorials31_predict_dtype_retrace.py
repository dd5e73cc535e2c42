"""predict's trace key holds its inputs' dtypes, as TF 2.21's function types do: a call whose dtypes differ
from every trace's is traced as it is, and reduce_retracing generalizes shapes only among traces of the
same dtypes. The preprocessing_layers tutorial predicts on ``{name: tf.convert_to_tensor([value])}`` (rank 1,
int32 for the int64 'Age' input) after predicting on (1, 1) batches: TF runs it; tapeflow relaxed the rank
against the int64 trace and refused it ('as_list() is not defined on an unknown TensorShape.'). Values:
TF 2.21 (notes progs/tutorials31/q14.py)."""
import pytest

import framework as tf


def test_another_dtype_traces_apart_then_relaxes_among_its_own():
    tf.keras.backend.clear_session()
    inputs = {'a': tf.keras.Input(shape=(1,), name='a'), 'b': tf.keras.Input(shape=(1,), name='b', dtype='int64')}
    joined = tf.keras.layers.concatenate([inputs['a'], tf.keras.ops.cast(inputs['b'], 'float32')])
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1, kernel_initializer='ones')(joined))
    assert model.predict({'a': tf.constant([[1.0]]), 'b': tf.constant([[2]], tf.int64)}, verbose=0).tolist() == [[3.0]]
    assert model.predict({'a': tf.constant([3.0]), 'b': tf.constant([4])}, verbose=0).tolist() == [[7.0]]
    assert model.predict({'a': tf.constant([3.0, 1.0]), 'b': tf.constant([4, 1])}, verbose=0).tolist() == [[7.0], [2.0]]
    with pytest.raises(ValueError, match=r'^as_list\(\) is not defined on an unknown TensorShape\.$'):
        model.predict({'a': tf.constant([[3.0], [1.0]]), 'b': tf.constant([[4], [1]])}, verbose=0)
