"""AMD Zen 3's VRSQRTPS (EPYC 7003, family 25 model 1) gives Zen 2's estimates, so TF 2.21's float32 rsqrt
packets there take framework/ops/zen2_rsqrt_estimate.py's table. tapeflow took Intel's estimate on Zen 3, and
a traced RMSprop / Adagrad / Adadelta step (grappler's x * rsqrt(y) for x / sqrt(y)) was an ulp off TF's in
about a quarter of its weights from the first step (17 of 64 in /work/notes/progs/optimtraj29/p1_adadelta.py).

The estimates were read on that CPU for every float in [1, 4) and 2 ** 21 random floats (progs/optimtraj29/
vrsqrtps.c, cmp_est.py, cmp_any.py): all equal to the table's. Goldens: progs/optimtraj29/g1_adadelta.py under
TF 2.21 on the Zen 3 EPYC (its tf.math.rsqrt line equals tests/test_metrics13_zen2_rsqrt.py's Zen 2 bits).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import zen2_rsqrt_estimate

# (conftest's autouse fixture replaces applies() with Intel's answer during each test; this is the module's own)
_APPLIES = zen2_rsqrt_estimate.applies

# gradients of magnitudes 1e-3 .. 1 (so the radicands span several binades)
_rs = np.random.RandomState(0)
GRADIENT = (_rs.randn(64) * 10.0 ** _rs.randint(-3, 1, size=64)).astype('float32')

# two traced steps of learning rate 0.1 from zeros, TF 2.21 on the Zen 3 EPYC
TWO_TRACED_STEPS = {
    'Adadelta': ('b9953c4e b9953c14 b995384c b9953b8c b9953c4e 392920bb b9939950 39949592 '
                 '399538b4 b9952586 b9548964 b9953a7f b992b52e b7cb676b b99528d0 b99519d4 '
                 'b9953c4c 382a5c04 b9953bec 3995370c 39953c4f b8f95289 b91b184a 39953556 '
                 'b97d0ecf 39953a80 b99529f7 3994cf0b b9953aae b9953c4c b801399d b899596e '
                 '391e1fd2 3994dab1 39951c97 b8026156 b99440c8 b99539a8 39953c0e 3995124e '
                 '399538d2 39953c4c 3994b8eb b9715401 38c95d06 38afb0e6 39953c4a b9953c40 '
                 '396014d0 3994e7a3 39953786 b89ca780 38c9c470 39953c4a 36bd1754 b98daa04 '
                 'b991f3bd b8784019 38f330ea 39953c06 39920547 39953c04 3914345a 39953b06'),
    'RMSprop': ('bf0baf4a bf0baf34 bf0badcc bf0baf01 bf0baf4a 3ecf7a4c bf0b11ce 3f0b70f8 '
                '3f0badf3 bf0ba6cd beede810 bf0bae9e bf0abad0 bd9bf083 bf0ba808 bf0ba270 '
                'bf0baf49 3e010150 bf0baf26 3f0bad54 3f0baf4a bea734b0 bec3db41 3f0bacb1 '
                'bf020678 3f0bae9e bf0ba875 3f0b8680 bf0baeae bf0baf4a bdc54d48 be5f20b0 '
                '3ec67238 3f0b8adc 3f0ba378 bdc706a6 bf0b5119 bf0bae4d 3f0baf32 3f0b9fa2 '
                '3f0badfd 3f0baf4a 3f0b7e38 befe2cd8 3e8d0a5e 3e7b5e7f 3f0baf48 bf0baf44 '
                '3ef4c3b7 3f0b8fb3 3f0bad81 be636477 3e8d464b 3f0baf48 3c91ee25 bf08bd76 '
                'bf0a705c be38275e 3ea40ac7 3f0baf2e 3f0a7723 3f0baf2f 3ebdcb88 3f0baed0'),
    'Adagrad': ('be2ca052 be0f8cc4 bd6d3d77 bddcebe7 be2cdb6a 3a2206a7 bbc4c416 3c1c91e2 '
                '3d787bfb bcd2197a ba6ecff8 bda485f2 bb9da6b7 b8a1625c bce2a6ee bcab748c '
                'be2bca75 39080e68 be02f706 3d5225bc 3e2dc146 b9d8bb5a ba0f515e 3d38d2d5 '
                'babc2624 3da487fe bce9731e 3c417486 bdab34b5 be2bb104 b8cd83e5 b97ac9de '
                '3a133062 3c4ca6e9 3cb2a4ce b8cf5fc8 bbfeae1f bd8d5eba 3e0e0774 3c9b9058 '
                '3d7be186 3e2b7a5c 3c306bea baa1b58b 39a8fe9c 399142a2 3e2a912c be2470f9 '
                '3a85c8f2 3c5bb356 3d5b45d5 b9804ad7 39a9607a 3e2a0e6d 379584be bb31835a '
                'bb89ce78 b94897a6 39d25559 3e0ad32a 3b8b50c0 3e0a610e 3a06d07c 3dbaa05c'),
}


@pytest.mark.parametrize('cpu, expected', [
    (('AuthenticAMD', '25', '1'), True),        # Zen 3, EPYC 7003 (this stop's machine)
    (('AuthenticAMD', '23', '49'), True),       # Zen 2, EPYC 7002
    (('AuthenticAMD', '25', '17'), False),      # Zen 4: not measured
    (('GenuineIntel', '6', '106'), False),
])
def test_table_applies_on_the_measured_epycs(monkeypatch, cpu, expected):
    monkeypatch.setattr(zen2_rsqrt_estimate, 'identity', lambda: cpu)
    assert _APPLIES() is expected


def _bits(values):
    return ' '.join('%08x' % v for v in np.asarray(values, np.float32).ravel().view(np.uint32))


def _two_traced_steps(name):
    v = tf.Variable(np.zeros(64, 'float32'))
    opt = getattr(keras.optimizers, name)(0.1)
    step = tf.function(lambda: opt.apply_gradients([(tf.constant(GRADIENT), v)]))
    step()
    step()
    return _bits(v.numpy())


@pytest.mark.parametrize('name', sorted(TWO_TRACED_STEPS))
def test_traced_root_dividing_steps_with_the_epyc_estimate(monkeypatch, name):
    monkeypatch.setattr(zen2_rsqrt_estimate, 'applies', lambda: True)
    assert _two_traced_steps(name) == TWO_TRACED_STEPS[name]


@pytest.mark.parametrize('name', sorted(TWO_TRACED_STEPS))
def test_intels_estimate_gives_other_bits(name):
    # (conftest's Intel estimate: the goldens above hang on the EPYC's table)
    assert _two_traced_steps(name) != TWO_TRACED_STEPS[name]
