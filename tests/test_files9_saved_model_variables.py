"""A SavedModel's 'variables/variables' checkpoint is TF 2.21's: its format, keys and object graph.

tapeflow's saved_model.tapeflow (the pickled object) stays tapeflow's own, but TF's tf.train readers
take the variables checkpoint: list_variables shows TF's keys, and tf.train.Checkpoint(model).read of it
restores a model in either framework. Expected keys: TF 2.21 saving the same objects
(/work/notes/progs/files9/exp/exp.py); values tapeflow's pickle needs that TF does not save (a compiled
model's loss tracker) come after them as '_saved_variables/N'.
"""
import numpy as np

import framework as tf
from framework import keras
from framework.train import checkpoint_file

L = keras.layers


def _fitted():
    keras.utils.set_random_seed(5)
    try:
        model = keras.Sequential([keras.Input((4,), name='feat'), L.Dense(3, activation='relu'), L.Dense(2)])
        model.compile('adam', 'mse')
        model.fit(np.ones((8, 4), 'float32'), np.zeros((8, 2), 'float32'), verbose=0)
        return model
    finally:
        tf.random.set_seed(None)


_TF_MODEL_KEYS = (['optimizer/_iterations', 'optimizer/_learning_rate']
                  + ['optimizer/_trainable_variables/%d' % i for i in range(4)]
                  + ['optimizer/_variables/%d' % i for i in range(2, 10)])


def test_a_models_saved_model_variables_carry_tensorflows_keys(tmp_path):
    model = _fitted()
    tf.saved_model.save(model, str(tmp_path / 'sm'))
    prefix = str(tmp_path / 'sm' / 'variables' / 'variables')
    assert checkpoint_file.CheckpointReader(prefix).is_tensor_bundle
    keys = [key for key, _ in tf.train.list_variables(prefix) if key != '_CHECKPOINTABLE_OBJECT_GRAPH']
    ours = [key for key in keys if not key.startswith('_saved_variables/')]
    assert ours == [key + '/.ATTRIBUTES/VARIABLE_VALUE' for key in _TF_MODEL_KEYS]

    fresh = _fitted()
    for variable in fresh.weights:
        variable.assign(np.zeros(variable.shape, 'float32'))
    tf.train.Checkpoint(fresh).read(prefix).assert_existing_objects_matched()
    x = np.linspace(-1, 1, 8, dtype='float32').reshape(2, 4)
    np.testing.assert_array_equal(np.array(fresh(x)), np.array(model(x)))

    loaded = tf.saved_model.load(str(tmp_path / 'sm'))          # tapeflow's own load still reads it
    np.testing.assert_array_equal(np.array(loaded.signatures['serving_default'](inputs=x)['output_0']),
                                  np.array(model(x)))


class _Scale(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable([1.0, 2.0])

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32, name='x')])
    def f(self, x):
        return {'y': x * self.v}


def test_a_modules_saved_model_variables_are_its_checkpoint(tmp_path):
    module = _Scale()
    tf.saved_model.save(module, str(tmp_path / 'mod'))
    prefix = str(tmp_path / 'mod' / 'variables' / 'variables')
    assert tf.train.list_variables(prefix) == [('_CHECKPOINTABLE_OBJECT_GRAPH', []),
                                               ('v/.ATTRIBUTES/VARIABLE_VALUE', [2])]
    other = _Scale()
    other.v.assign([0.0, 0.0])
    tf.train.Checkpoint(other).read(prefix).assert_consumed()
    assert other.v.numpy().tolist() == [1.0, 2.0]
    loaded = tf.saved_model.load(str(tmp_path / 'mod'))
    assert loaded.f(tf.constant([[3.0, 4.0]]))['y'].numpy().tolist() == [[3.0, 8.0]]
