"""A model's per-output loss trackers ('da_loss') updated by an eager model.compute_loss call (a custom loop, a
callback): Keras 3 weighs each call by y_pred's known length, so batches of 4 and 8 rows average as 1:2.
tapeflow counted each eager call once (as a traced fit step on a None batch does).

Golden values printed by TF 2.21 / Keras 3 (/work/notes/progs/modelfuzz13/g03.py, the same program as below,
with `from tensorflow import keras`).
"""
import numpy as np
import pytest

from framework import keras


def test_eager_compute_loss_weighs_each_output_tracker_by_the_batch_length():
    rng = np.random.RandomState(0)
    x = rng.randn(12, 3).astype('float32')
    y1 = rng.randn(12, 2).astype('float32')
    y2 = rng.randn(12, 1).astype('float32')
    i = keras.Input((3,))
    m = keras.Model(i, [keras.layers.Dense(2, name='da')(i), keras.layers.Dense(1, name='db')(i)])
    m.set_weights([np.linspace(-1, 1, int(np.prod(w.shape)), dtype='float32').reshape(w.shape) for w in m.weights])
    m.compile('sgd', loss=['mse', 'mae'])
    totals = [float(m.compute_loss(x[rows], [y1[rows], y2[rows]], m(x[rows])))
              for rows in (slice(0, 4), slice(4, 12))]
    assert totals == [6.0401201248168945, 4.01007080078125]
    result = {k: float(v) for k, v in m.get_metrics_result().items()}
    # counted once per call, da_loss would read 3.1256866455078125 and db_loss 1.8994086980819702
    assert result == pytest.approx({'loss': 0.0, 'da_loss': 2.8193414211273193, 'db_loss': 1.8674124479293823},
                                   rel=1e-7)
