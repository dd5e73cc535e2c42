"""Weight constraints are applied by the optimizer after each update, as Keras 3's optimizer
applies ``variable.constraint``: found by the saved-file sweep, where a Dense with MaxNorm and
NonNeg constraints saved other weights than Keras after one epoch (tapeflow's fit never applied
them; a negative bias stayed negative).

Golden values: TF 2.21 / Keras 3.15 ran the same program (seed 7, Adam(0.01), two batches of 4).
"""
import numpy as np

from framework import keras

L = keras.layers
# history['loss'] and the first Dense's bias after the epoch, printed by Keras
KERAS_LOSS = 0.22157461941242218
KERAS_BIAS = [0.019945155829191208, 0.0, 0.019947681576013565]


def _fit():
    keras.utils.set_random_seed(7)
    model = keras.Sequential([
        keras.Input((4,)),
        L.Dense(3, kernel_constraint=keras.constraints.MaxNorm(2.0), bias_constraint=keras.constraints.NonNeg()),
        L.Dense(1, kernel_initializer=keras.initializers.HeNormal(seed=3),
                bias_initializer=keras.initializers.Constant(0.1))])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='mse')
    x = np.random.RandomState(0).rand(8, 4).astype('float32')
    history = model.fit(x, np.full((8, 1), 0.5, 'float32'), epochs=1, batch_size=4, verbose=0, shuffle=False)
    return model, history


def test_fit_applies_constraints_after_each_update_as_keras():
    model, history = _fit()
    np.testing.assert_allclose(history.history['loss'][0], KERAS_LOSS, rtol=1e-6)
    np.testing.assert_allclose(np.asarray(model.layers[0].bias), KERAS_BIAS, rtol=1e-5, atol=1e-7)
    assert model.layers[0].bias.constraint is not None and model.layers[1].bias.constraint is None


def test_apply_gradients_projects_a_constrained_variable():
    layer = L.Dense(2, bias_constraint=keras.constraints.NonNeg())
    layer.build((None, 3))
    optimizer = keras.optimizers.SGD(1.0)
    optimizer.apply_gradients([(np.ones(2, 'float32'), layer.bias)])    # bias 0 - 1 -> projected to 0
    np.testing.assert_array_equal(np.asarray(layer.bias), [0.0, 0.0])


def test_a_tf_variable_constraint_is_applied_by_keras_optimizers():
    import framework as tf
    # TF 2.21 / Keras 3.15 printed [0.5 0. ] for this program
    v = tf.Variable([1.0, -1.0], constraint=lambda x: tf.maximum(x, 0.0))
    keras.optimizers.SGD(1.0).apply_gradients([(tf.constant([0.5, 0.5]), v)])
    np.testing.assert_array_equal(v.numpy(), [0.5, 0.0])
