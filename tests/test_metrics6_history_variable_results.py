"""History keeps each epoch's value of a metric whose result is its variable.

Keras 3's TruePositives / FalseNegatives & co with a list of thresholds return the accumulator
variable itself from result(); fit reads it in its traced step, so History (and evaluate's dict)
hold that epoch's counts. Golden values printed by TF 2.21 (notes progs/metrics6/fnhist.py):

    mc = Sequential([Input((6,)), Dense(3, activation='sigmoid')]); weights 0.1, zero bias
    mc.compile(SGD(0.5), 'bce', metrics=[FalseNegatives(thresholds=[0.2, 0.5])])
    mc.fit(xc, yc, batch_size=20, epochs=3, shuffle=False).history['false_negatives']
    -> [[0, 14], [0, 9], [0, 7]]   (the same with validation_data=(xc, yc) for val_false_negatives)
"""
import numpy as np
import pytest

from framework import keras


def _data():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(60, 6)).astype(np.float32)
    return x, (x[:, :3] > 0.2).astype(np.float32)


@pytest.mark.parametrize('run_eagerly', [False, True])
def test_history_holds_each_epochs_false_negatives(run_eagerly):
    x, y = _data()
    model = keras.models.Sequential([keras.Input((6,)), keras.layers.Dense(3, activation='sigmoid')])
    model.set_weights([np.full((6, 3), 0.1, np.float32), np.zeros(3, np.float32)])
    model.compile(optimizer=keras.optimizers.SGD(0.5), loss='bce', run_eagerly=run_eagerly,
                  metrics=[keras.metrics.FalseNegatives(thresholds=[0.2, 0.5], name='fn')])
    history = model.fit(x, y, batch_size=20, epochs=3, verbose=0, shuffle=False, validation_data=(x, y)).history
    expected = [[0.0, 14.0], [0.0, 9.0], [0.0, 7.0]]
    assert [value.tolist() for value in history['fn']] == expected
    assert [value.tolist() for value in history['val_fn']] == expected


def test_evaluate_dict_is_not_changed_by_a_later_evaluate():
    x, y = _data()
    model = keras.models.Sequential([keras.Input((6,)), keras.layers.Dense(3, activation='sigmoid')])
    model.set_weights([np.full((6, 3), 0.1, np.float32), np.zeros(3, np.float32)])
    model.compile(loss='bce', metrics=[keras.metrics.TruePositives(thresholds=[0.3, 0.6], name='tp')])
    first = model.evaluate(x, y, verbose=0, return_dict=True)['tp']
    model.evaluate(x[:10], y[:10], verbose=0, return_dict=True)
    assert first.tolist() == [80.0, 10.0]      # TF 2.21 (progs/metrics6/evaldict.py); the second gives [15, 3]


def test_result_in_a_custom_loop_stays_the_variable():
    # Keras returns the accumulator variable: a result kept across updates shows the later counts (TF 2.21 too)
    metric = keras.metrics.FalseNegatives(thresholds=[0.2, 0.5])
    y = np.array([[1.0], [1.0], [0.0]], np.float32)
    metric.update_state(y, y * 0.3)
    kept = metric.result()
    metric.update_state(y, y * 0.1)
    assert np.asarray(kept).tolist() == [2.0, 4.0]
