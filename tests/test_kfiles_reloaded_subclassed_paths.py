"""A subclassed model rebuilt by load_model names its sublayers' weights as Keras 3 does: Keras's
build_from_config runs the model's ``call`` outside the model's name scope, so the paths are
'hidden/kernel' (not 'cm/hidden/kernel') and the optimizer's slots 'adam/hidden_kernel_momentum'.

Goldens printed by TensorFlow 2.21 / Keras 3.15.1 running the same program
(/work/notes/progs/kfiles/sub.py)."""
import numpy as np

from framework import keras


@keras.saving.register_keras_serializable(package='kfiles_test')
class TwoDense(keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.hidden = keras.layers.Dense(3, name='hidden')
        self.drop = keras.layers.Dropout(0.2)
        self.out = keras.layers.Dense(1)

    def call(self, x, training=False):
        return self.out(self.drop(self.hidden(x), training=training))


def _paths(variables):
    return [v.path for v in variables]


def test_a_reloaded_subclassed_model_has_kerass_weight_and_slot_paths(tmp_path):
    keras.backend.clear_session()
    keras.utils.set_random_seed(0)
    model = TwoDense(name='cm')
    model(np.ones((2, 4), 'float32'))
    # called eagerly, the model's name leads the paths, in Keras too
    assert _paths(model.variables) == ['cm/hidden/kernel', 'cm/hidden/bias', 'seed_generator/seed_generator_state',
                                       'cm/dense/kernel', 'cm/dense/bias']
    model.compile('adam', 'mse')
    model.fit(np.ones((4, 4)), np.ones((4, 1)), verbose=0, epochs=1)
    model.save(str(tmp_path / 'cm.keras'))
    reloaded = keras.models.load_model(str(tmp_path / 'cm.keras'))
    assert _paths(reloaded.variables) == ['hidden/kernel', 'hidden/bias', 'seed_generator_1/seed_generator_state',
                                          'dense_1/kernel', 'dense_1/bias']
    assert _paths(reloaded.optimizer.variables) == [
        'adam/iteration', 'adam/learning_rate', 'adam/hidden_kernel_momentum', 'adam/hidden_kernel_velocity',
        'adam/hidden_bias_momentum', 'adam/hidden_bias_velocity', 'adam/dense_1_kernel_momentum',
        'adam/dense_1_kernel_velocity', 'adam/dense_1_bias_momentum', 'adam/dense_1_bias_velocity']
    for saved, loaded in zip(model.get_weights(), reloaded.get_weights()):
        np.testing.assert_array_equal(saved, loaded)
    assert reloaded.built
