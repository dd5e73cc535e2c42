"""The IoU family's 'You are passing weight as `float`, but dtype is `int`' UserWarning comes as often as TF 2.21
runs Keras's update_state line: at a fit / evaluate step's traces only, every call when eager."""
import warnings

import numpy as np

from framework import keras

TEXT = 'You are passing weight as `float`, but dtype is `int`'


def _count(run):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        run()
    return [w for w in seen if TEXT in str(w.message)]


def test_fit_and_evaluate_warn_at_their_traces():
    rs = np.random.RandomState(0)
    x = rs.rand(8, 3).astype('float32')
    y = rs.randint(0, 2, (8, 1))
    sw = rs.rand(8).astype('float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='sigmoid')])
    model.compile('sgd', 'binary_crossentropy', weighted_metrics=[keras.metrics.BinaryIoU(dtype='int32')])

    def run():
        model.fit(x, y, sample_weight=sw, epochs=2, batch_size=4, verbose=0)
        model.evaluate(x, y, sample_weight=sw, batch_size=4, verbose=0)
    seen = _count(run)
    # TF 2.21 gives 2 (the train trace and the test trace; 4 train + 2 test steps ran)
    assert len(seen) == 2
    # one location, inside the library (TF's keras/src/metrics/iou_metrics.py:114), so the default filter shows it once
    assert len({(w.filename, w.lineno) for w in seen}) == 1
    assert seen[0].filename.endswith('iou.py')


def test_eager_update_state_warns_each_call():
    m = keras.metrics.BinaryIoU(dtype='int32')

    def run():
        for _ in range(3):
            m.update_state(np.array([0, 1]), np.array([0.2, 0.8]), sample_weight=np.array([0.5, 1.0]))
    # TF 2.21 gives 3
    assert len(_count(run)) == 3
