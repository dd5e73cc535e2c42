"""Loading a legacy .h5 file as Keras 3.15 does: the optimizer state, and the unknown-class error.

Keras 3.15's .h5 loader builds the optimizer for the model's own variables only (none for a
Sequential or functional model) and restores the saved state with ``optimizer.set_weights``,
which pairs variables and arrays in order: only 'iteration' and 'learning_rate' are restored,
silently, and the next fit raises 'Unknown variable'. Golden values from TF 2.21 / Keras 3.15.1
(/work/notes/progs/savefiles/h5resume.py: Adam, SGD(0.1, momentum=0.9) and RMSprop, two epochs of
two batches, then model.save('m.h5'); load_model; fit). An unregistered layer class in an .h5 file
stops its loader with a ValueError naming the first one (errs2.py there)."""
import numpy as np
import pytest

from framework import keras


def _trained_and_loaded(tmp_path, optimizer):
    keras.backend.clear_session()
    keras.utils.set_random_seed(4)
    x = np.random.RandomState(0).rand(16, 4).astype('float32')
    y = np.random.RandomState(1).rand(16, 2).astype('float32')
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation='relu'), keras.layers.Dense(2)])
    model.compile(optimizer, 'mean_squared_error')
    model.fit(x, y, epochs=2, batch_size=8, verbose=0)
    model.save(str(tmp_path / 'm.h5'))
    return keras.models.load_model(str(tmp_path / 'm.h5')), x, y


@pytest.mark.parametrize('optimizer, prefix, learning_rate', [
    ('adam', 'adam', 0.0010000000474974513), ('rmsprop', 'rm_sprop', 0.0010000000474974513),
    (lambda: keras.optimizers.SGD(0.1, momentum=0.9), 'sgd', 0.10000000149011612)])
def test_h5_load_restores_only_iteration_and_learning_rate(tmp_path, optimizer, prefix, learning_rate):
    keras.backend.clear_session()     # before the SGD is made: after another test's SGD it is 'sgd_1'
    loaded, _, _ = _trained_and_loaded(tmp_path, optimizer() if callable(optimizer) else optimizer)
    assert [v.path for v in loaded.optimizer.variables] == [prefix + '/iteration', prefix + '/learning_rate']
    assert int(loaded.optimizer.iterations.numpy()) == 4 and loaded.optimizer.built
    assert float(loaded.optimizer.learning_rate.numpy()) == learning_rate


def test_fit_after_h5_load_refuses_the_layers_variables_as_keras_does(tmp_path):
    loaded, x, y = _trained_and_loaded(tmp_path, 'adam')
    with pytest.raises(ValueError) as caught:
        loaded.fit(x, y, epochs=1, batch_size=8, verbose=0)
    assert str(caught.value) == (
        'Unknown variable: <Variable path=sequential/dense/kernel, shape=(4, 3), dtype=float32>. This optimizer '
        'can only be called for the variables it was originally built with. When working with a new set of '
        'variables, you should recreate a new optimizer instance.')



class Doubling(keras.layers.Layer):          # deliberately not registered
    def call(self, x):
        return x * 2.0


def test_unknown_layer_in_h5_is_refused_in_keras_words(tmp_path):
    keras.backend.clear_session()
    inputs = keras.Input((3,))
    model = keras.Model(inputs, keras.layers.Dense(2)(Doubling(name='u')(inputs)))
    model.save(str(tmp_path / 'u.h5'))
    with pytest.raises(ValueError) as caught:
        keras.models.load_model(str(tmp_path / 'u.h5'))
    assert str(caught.value) == (
        "Unknown layer: 'Doubling'. Please ensure you are using a `keras.utils.custom_object_scope` and that this "
        "object is included in the scope. See https://www.tensorflow.org/guide/keras/save_and_serialize"
        "#registering_the_custom_object for details.")
    loaded = keras.models.load_model(str(tmp_path / 'u.h5'), custom_objects={'Doubling': Doubling})
    assert type(loaded.layers[1]) is Doubling


def test_mixed_precision_h5_loads_with_its_loss_scale_optimizer(tmp_path):
    # TF 2.21 (gen.py 'mixed' case): compile wraps Adam in a LossScaleOptimizer, whose class Keras's .h5
    # loader knows; it loads with 6 optimizer variables (its 4 and the inner Adam's iteration and rate),
    # and set_weights restores only its own 4: step counter 1, the inner Adam's iteration stays 0
    keras.backend.clear_session()
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3),
                                  keras.layers.Activation('softmax', dtype='float32')])
        model.compile('adam', 'categorical_crossentropy')
        x = np.random.RandomState(0).rand(16, 4).astype('float32')
        model.fit(x, np.eye(3)[np.arange(16) % 3], epochs=1, verbose=0)
        model.save(str(tmp_path / 'mixed.h5'))
        loaded = keras.models.load_model(str(tmp_path / 'mixed.h5'))
    finally:
        keras.mixed_precision.set_global_policy('float32')
    assert type(loaded.optimizer).__name__ == 'LossScaleOptimizer' and len(loaded.optimizer.variables) == 6
    assert int(loaded.optimizer.step_counter.numpy()) == 1 and int(loaded.optimizer.iterations.numpy()) == 0
    np.testing.assert_array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
