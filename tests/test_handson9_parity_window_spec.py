"""A window's nested datasets have the spec of the windowed dataset's components, as in TF 2.21
(tf.data's DatasetSpec of the input's element_spec), not the spec of the window's first values.
Géron ch. 15's to_seq2seq_dataset windows windows: its targets are (None, None, None, 1) in TF and
were (None, None, 5, 1). Golden values printed by TF 2.21 (/opt/tfref) for the same program."""
import numpy as np

import framework as tf


def _to_windows(dataset, length):
    return dataset.window(length, shift=1, drop_remainder=True).flat_map(lambda w: w.batch(length))


def _shape(spec):
    return tuple(spec.shape)


def _rows():
    return _to_windows(tf.data.Dataset.from_tensor_slices(np.arange(40, dtype=np.float32)[:, None]), 6)


def test_windows_of_windows_keep_unknown_axes():
    rows = _rows()
    assert _shape(rows.element_spec) == (None, 1)
    assert _shape(rows.window(3).element_spec.element_spec) == (None, 1)
    windows = _to_windows(rows, 14)
    assert _shape(windows.element_spec) == (None, None, 1)
    pairs = windows.map(lambda S: (S[:, 0], S[:, 1:]))
    assert [_shape(s) for s in pairs.element_spec] == [(None, 1), (None, None, 1)]
    assert [_shape(s) for s in pairs.batch(32).element_spec] == [(None, None, 1), (None, None, None, 1)]
    x, y = next(iter(pairs.batch(2)))
    assert tuple(x.shape) == (2, 14, 1) and tuple(y.shape) == (2, 14, 5, 1)


def test_each_component_window_has_its_own_spec():
    pairs = tf.data.Dataset.from_tensor_slices((np.zeros((8, 2)), np.arange(8))).window(3)
    first = next(iter(pairs))
    assert _shape(first[0].element_spec) == (2,) and first[0].element_spec.dtype == tf.float64
    assert _shape(first[1].element_spec) == () and first[1].element_spec.dtype == tf.int64
    assert _shape(tf.data.Dataset.range(5).window(2).flat_map(lambda w: w).element_spec) == ()
