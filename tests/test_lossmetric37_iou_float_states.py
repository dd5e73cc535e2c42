"""IoU metrics with float states and bfloat16 inputs, as Keras 3.15 on TF 2.21.

- A batch's confusion matrix is TF's ScatterNd: the weights are added one by one in the state's dtype, so
  float32 / float16 / bfloat16 cells round at each add (tapeflow summed in float64 and rounded once);
  a bfloat16 cell of ones stops at 256.
- The result sums rows and columns in the state's dtype with TF's Sum.
- bfloat16 labels and scores are numbers (tapeflow raised TypeError).

Expected values (float.hex) printed by the reference environment for the same seeded inputs.
"""
import numpy as np

import framework as tf
from framework import metrics


def _hexes(tensor):
    return [float(v).hex() for v in np.asarray(tf.cast(tensor, 'float32')).reshape(-1)]


def _state(metric, *args, **kwargs):
    metric.update_state(*args, **kwargs)
    return [_hexes(metric.result()), _hexes(metric.total_cm)]


def _batch():
    g = np.random.RandomState(3)
    g.uniform(size=(3, 5, 3))       # (the draws the probe made first)
    return g.randint(0, 4, 64), g.randint(0, 4, 64), g.uniform(size=64).astype('float32')


def test_float32_cells_add_each_weight_in_float32():
    labels, predictions, weights = _batch()
    result, cells = _state(metrics.MeanIoU(4, dtype='float32'), labels, predictions, sample_weight=weights)
    assert result == ['0x1.01b49c0000000p-3']
    assert cells[:6] == ['0x1.5ca91a0000000p+2', '0x1.7a757c0000000p+1', '0x1.f53f080000000p+1', '0x1.c440b80000000p+1',
                         '0x1.bcaa940000000p-1', '0x1.ee0cdc0000000p-1']


def test_float16_cells_add_each_weight_in_float16():
    labels, predictions, weights = _batch()
    result, cells = _state(metrics.MeanIoU(4, dtype='float16'), labels, predictions, sample_weight=weights)
    assert result == ['0x1.01bbae0000000p-3']
    assert cells[:4] == ['0x1.5cc0000000000p+2', '0x1.7a80000000000p+1', '0x1.f540000000000p+1', '0x1.c480000000000p+1']


def test_bfloat16_state_and_result():
    labels, predictions, weights = _batch()
    result, cells = _state(metrics.IoU(4, [0, 2, 3], dtype='bfloat16'), labels, predictions, sample_weight=weights)
    assert result == ['0x1.1b51820000000p-3']
    assert cells[:6] == ['0x1.5c00000000000p+2', '0x1.7a00000000000p+1', '0x1.f400000000000p+1', '0x1.c600000000000p+1',
                         '0x1.bc00000000000p-1', '0x1.f000000000000p-1']


def test_bfloat16_inputs_are_numbers():
    labels, predictions, weights = _batch()
    assert _state(metrics.BinaryIoU(), labels % 2, tf.cast(weights, 'bfloat16')) == [
        ['0x1.22e8ba0000000p-2'], ['0x1.4000000000000p+4', '0x1.4000000000000p+4', '0x1.e000000000000p+3',
                                   '0x1.2000000000000p+3']]
    result, cells = _state(metrics.MeanIoU(4), labels, tf.cast(predictions, 'bfloat16'))
    assert result == ['0x1.55a5080000000p-3']
    assert cells[:3] == ['0x1.c000000000000p+3', '0x1.0000000000000p+2', '0x1.4000000000000p+2']


def test_bfloat16_cell_of_ones_stops_at_256():
    g = np.random.RandomState(3)
    g.uniform(size=(3, 5, 3))
    g.randint(0, 4, 64), g.randint(0, 4, 64), g.uniform(size=64)
    labels, predictions = g.randint(0, 2, 700), (g.uniform(size=700) > 0.3).astype('int32')
    assert _state(metrics.MeanIoU(2, dtype='bfloat16'), labels, predictions) == [
        ['0x1.416c160000000p-2'], ['0x1.8800000000000p+6', '0x1.0000000000000p+8', '0x1.8000000000000p+6',
                                   '0x1.ec00000000000p+7']]
