"""CosineDecay and CosineDecayRestarts carry TensorFlow's exact float32 bits.

Golden values: keras 3.15 on TensorFlow 2.21 (/opt/tfref), printing
``float(schedule(step))`` (repr of the float32 value) for the steps below. They
are the steps where numpy's float32 cos (or log) rounds differently from C's
cosf/logf, which TensorFlow's scalar kernels call; numpy's functions gave one
ulp more or less at each of them.
"""
import numpy as np
import pytest

from optim.schedules import CosineDecay, CosineDecayRestarts

CASES = [
    (lambda: CosineDecay(0.1, 8), 3, 0.0691341683268547),
    (lambda: CosineDecay(0.1, 8, alpha=0.1), 3, 0.07222075760364532),
    (lambda: CosineDecay(0.05, 8, alpha=0.1, warmup_target=0.1, warmup_steps=4), 7, 0.07222075760364532),
    (lambda: CosineDecay(0.0, 10, warmup_target=0.2, warmup_steps=5), 12, 0.04122148081660271),
    (lambda: CosineDecay(0.0, 10, warmup_target=0.2, warmup_steps=5), 13, 0.019098294898867607),
    (lambda: CosineDecayRestarts(0.1, 3), 16, 0.037059035152196884),
    (lambda: CosineDecayRestarts(0.1, 3), 1000, 0.07862294465303421),
    (lambda: CosineDecayRestarts(0.1, 3, t_mul=2.0, m_mul=0.5, alpha=0.05), 35, 0.009400760754942894),
    (lambda: CosineDecayRestarts(0.1, 2, t_mul=1.5, m_mul=0.8, alpha=0.1), 15, 0.013790358789265156),
]


@pytest.mark.parametrize('make, step, expected', CASES)
def test_cosine_schedules_match_tensorflow_bit_for_bit(make, step, expected):
    value = make()(step).numpy()
    assert value.dtype == np.float32
    assert value == np.float32(expected)

