"""compile(steps_per_execution=np.int64(2)) trains as TF 2.21 does (Keras 3 keeps the value and reads it as a
count): tapeflow refused any non-int with "'int64' object cannot be interpreted as an integer". Values that
are not integers are still refused (TF 2.21 takes them at compile and fails at fit with that text).
Probe /work/notes/progs/modelfuzz16/p12.py."""
import numpy as np
import pytest

from framework import keras


def _model(steps):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
    model.set_weights([np.full((4, 2), 0.1, 'float32'), np.zeros(2, 'float32')])
    model.compile('sgd', 'mse', steps_per_execution=steps)
    return model


@pytest.mark.parametrize('steps', [np.int64(2), np.int32(3), np.uint8(2)])
def test_numpy_integer_trains_as_the_int(steps):
    x = np.linspace(-1, 1, 40, dtype='float32').reshape(10, 4)
    y = np.linspace(0, 1, 20, dtype='float32').reshape(10, 2)
    numpy_model, int_model = _model(steps), _model(int(steps))
    assert numpy_model.steps_per_execution == int(steps)    # (TF 2.21 keeps np.int64(2) as given)
    seen = {'numpy': [], 'int': []}

    def fit(model, key):
        ends = keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: seen[key].append(batch))
        return model.fit(x, y, batch_size=2, epochs=2, verbose=0, shuffle=False, callbacks=[ends]).history
    assert fit(numpy_model, 'numpy') == fit(int_model, 'int')
    # batch-end hooks once per group of steps, as for the int
    assert seen['numpy'] == seen['int'] and len(seen['int']) == 2 * -(-5 // int(steps))
    np.testing.assert_array_equal(numpy_model.predict(x, batch_size=3, verbose=0),
                                  int_model.predict(x, batch_size=3, verbose=0))
    assert numpy_model.evaluate(x, y, batch_size=3, verbose=0) == int_model.evaluate(x, y, batch_size=3, verbose=0)


@pytest.mark.parametrize('steps, kind', [(2.0, 'float'), ('auto', 'str'), (None, 'NoneType')])
def test_non_integers_still_refused(steps, kind):
    with pytest.raises(TypeError, match="'%s' object cannot be interpreted as an integer" % kind):
        _model(steps)
