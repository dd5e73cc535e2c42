"""rejection_resample's 'Proportion of examples rejected by sampler is high' line writes floats as
TF's Print op (strings::StrCat): 6 significant digits when they read back as the float32, else 9.

TF 2.21 printed '[0.951562524][0.951562524 0.0484375][0 1]' for the tf.data guide's credit-card
fractions (/opt/tfref, progs/tutorials7/p5_data_guide.py)."""
import numpy as np

import framework as tf
from framework.data.rejection_resample import _float_text


def test_float_text_as_tf_print():
    assert [_float_text(v) for v in (0.951562524, 0.0484375, 0.8, 1.0, 0.0)] == [
        '0.951562524', '0.0484375', '0.8', '1', '0']


def test_guide_fractions_line(capsys):
    labels = np.zeros(640, np.int64)
    labels[:31] = 1         # 31 of 640: fractions 0.951562524, 0.0484375 as the guide's
    fractions = np.array([609 / 640, 31 / 640], np.float32)
    ds = tf.data.Dataset.from_tensor_slices((np.zeros((640, 1), np.float32), labels))
    resampled = ds.rejection_resample(lambda f, l: l, target_dist=[0.5, 0.5], initial_dist=fractions, seed=5)
    list(resampled.take(10))
    lines = [ln for ln in capsys.readouterr().err.splitlines() if ln.startswith('Proportion')]
    assert lines and set(lines) == {
        'Proportion of examples rejected by sampler is high: [0.951562524][0.951562524 0.0484375][0 1]'}
    tf.random.set_seed(None)


def test_first_resample_logs_tf_print_deprecation_once(caplog, monkeypatch):
    """TF traces the warning's tf.Print when it builds the filter: the tf.data guide's
    rejection_resample logged Print's deprecation notice (from TF's dataset_ops.py) on TF 2.21."""
    import logging
    from framework.data import rejection_resample as module
    monkeypatch.setattr(module, '_PRINT_NOTICE', [])
    caplog.set_level(logging.WARNING, logger='tensorflow')
    ds = tf.data.Dataset.range(10)
    for _ in range(2):
        ds.rejection_resample(lambda v: tf.cast(v < 5, tf.int32), target_dist=[0.5, 0.5],
                              initial_dist=[0.9, 0.1], seed=1)
    notices = [r.getMessage() for r in caplog.records if 'Print (from' in r.getMessage()]
    assert len(notices) == 1
    text = notices[0]
    assert text.startswith('From %s:' % module.__file__)
    assert text.split(': ', 1)[1] == (
        'Print (from tensorflow.python.ops.logging_ops) is deprecated and will be removed after 2018-08-20.\n'
        'Instructions for updating:\nUse tf.print instead of tf.Print. Note that tf.print returns a no-output '
        'operator that directly prints the output. Outside of defuns or eager mode, this operator will not be '
        'executed unless it is directly specified in session.run or used as a control dependency for other '
        'operators. This is only a concern in graph mode. Below is an example of how to ensure tf.print executes '
        'in graph mode:\n')
