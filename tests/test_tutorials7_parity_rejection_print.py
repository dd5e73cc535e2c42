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
