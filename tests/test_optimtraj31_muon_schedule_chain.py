"""Muon's traced step on one variable whose rate is a schedule's last product, as TF 2.21.

Keras's Muon steps a 2-D variable by ``lr * u * sqrt(max(rows, cols)) * rms_rate``. Where one variable is
updated the rate's Mul has that step alone as consumer and grappler's MinimizeBroadcasts takes the rate's
two factors into the chain; in a tf.function that returns a value (and Keras's fit) its constant folding
then gathers the constants: ``u * ((constant * (root * rms_rate)) * rest)``. Goldens: TF 2.21 on an AMD
EPYC 7003, /work/notes/progs/optimtraj31/p8_muon_goldens.py (4 steps on a 6x10 kernel); with the rate kept
whole three of these runs ended 1 ulp off in 1 to 3 weights.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from conftest import hexes_as_tf

S = keras.optimizers.schedules
SCHEDULES = {
    'exp': lambda: S.ExponentialDecay(0.013, 7, 0.8),
    'cos': lambda: S.CosineDecay(0.013, 20, alpha=0.1),
    'cos0': lambda: S.CosineDecay(0.013, 20),
}
GOLDEN = {
    ('exp', 2): '''
        -0x1.0eec4p-3 -0x1.e2e85p-1 0x1.b47242p-4 -0x1.0b3f86p-3 -0x1.533b6ap-3 -0x1.502de8p-2 -0x1.2bc4b2p-1
        0x1.eb82aep-3 -0x1.98316p-2 -0x1.e37894p-2 0x1.f1d84ep-3 0x1.9b6436p-5 -0x1.735408p-1 0x1.61a49ap-5
        -0x1.45b392p-1 0x1.24873p-1 0x1.6b3b1cp-1 -0x1.061342p-6 0x1.6815e4p-1 -0x1.ae9d18p-1 0x1.2c70f8p-6
        -0x1.c3cd08p-1 -0x1.100424p-3 -0x1.a005b8p-1 -0x1.7f77b4p-1 0x1.8ededcp-3 -0x1.14664p-1 -0x1.90c2bcp-1
        -0x1.1dd004p-1 -0x1.32cd22p-2 -0x1.2ffaccp-4 -0x1.2e1dd2p-1 0x1.154b74p-2 -0x1.3d1776p-5 0x1.a605a8p-7
        -0x1.cd1e1ep-3 0x1.3040eep-1 0x1.42769ep-3 -0x1.57bd7p-1 0x1.9f882cp-2 0x1.e06b94p-1 -0x1.d9ac6cp-10
        0x1.8a8ab6p-1 -0x1.465bfp-2 0x1.fc4896p-4 -0x1.0d6626p-3 -0x1.0b8614p-3 0x1.165de8p-1 0x1.43021cp-4
        0x1.d35faap-1 0x1.776948p-4 -0x1.b0ac44p-1 -0x1.19eb52p-2 0x1.661bacp-1 -0x1.94b21p-3 -0x1.e71232p-1
        -0x1.057ec8p-1 -0x1.b5b8c6p-1 0x1.f8b4acp-1 0x1.e3a74ep-1''',
    ('cos0', 0): '''
        0x1.7cf312p-4 0x1.b38686p-2 0x1.b2521p-3 0x1.76de82p-4 -0x1.29c79ep-3 0x1.20c456p-2 -0x1.0b23cp-3
        0x1.92971ep-1 0x1.dbab12p-1 -0x1.e07f86p-3 0x1.2d78c8p-1 0x1.0af098p-4 0x1.27afdp-3 0x1.b7c48cp-1
        -0x1.b55e6p-1 -0x1.a2ed62p-1 -0x1.e47e8ep-1 0x1.4dc8c4p-1 0x1.1f3e64p-1 0x1.780878p-1 0x1.eaa832p-1
        0x1.3111bp-1 -0x1.48858ep-4 0x1.263b3cp-1 -0x1.878a62p-1 0x1.1bc1cep-2 -0x1.6c2efep-1 0x1.c9e15ep-1
        0x1.3cf89cp-5 -0x1.5c2decp-3 -0x1.d228eep-2 0x1.1703a6p-1 -0x1.7da946p-4 0x1.1acd3cp-3 -0x1.f2bb38p-1
        0x1.ce78c8p-3 0x1.c839ep-3 0x1.dd6ef8p-3 0x1.cac8dep-1 0x1.6f1dd6p-2 -0x1.21ab76p-2 -0x1.178fap-3
        0x1.8f311cp-2 -0x1.c33de8p-1 0x1.5ab5a2p-2 0x1.6232d2p-2 -0x1.29b6bep-1 -0x1.81159p-1 -0x1.78a802p-2
        -0x1.1c85dap-2 0x1.1fadd8p-3 -0x1.f8b6a8p-4 0x1.f607b6p-1 -0x1.9b02e2p-1 -0x1.239a3p-1 -0x1.60c7cap-1
        0x1.442166p-2 -0x1.f52b0ep-2 -0x1.41e3c8p-4 -0x1.0b4bdep-1''',
    ('cos0', 2): '''
        -0x1.0efd1ap-3 -0x1.e2cbc8p-1 0x1.b5595ap-4 -0x1.0b3edep-3 -0x1.539306p-3 -0x1.4ff848p-2 -0x1.2bbe96p-1
        0x1.ebc152p-3 -0x1.982082p-2 -0x1.e3a558p-2 0x1.f183f8p-3 0x1.9937ep-5 -0x1.73381ap-1 0x1.650f48p-5
        -0x1.45c958p-1 0x1.249262p-1 0x1.6b335p-1 -0x1.0771cp-6 0x1.683b9ep-1 -0x1.ae9c1p-1 0x1.3075f4p-6
        -0x1.c3f9b8p-1 -0x1.0fa3e2p-3 -0x1.a01c6ap-1 -0x1.7f8634p-1 0x1.8ec092p-3 -0x1.143d1ap-1 -0x1.90b8f6p-1
        -0x1.1dc06cp-1 -0x1.32b7fcp-2 -0x1.317a2cp-4 -0x1.2e0c4cp-1 0x1.1508ccp-2 -0x1.3d7c0ap-5 0x1.a7dda8p-7
        -0x1.cd0752p-3 0x1.306968p-1 0x1.426d28p-3 -0x1.57a692p-1 0x1.9fdaecp-2 0x1.e08372p-1 -0x1.e3f522p-10
        0x1.8a6d6cp-1 -0x1.4674a8p-2 0x1.fb398cp-4 -0x1.0cb9c6p-3 -0x1.0b9c92p-3 0x1.16397p-1 0x1.43c20cp-4
        0x1.d37a8cp-1 0x1.77abeep-4 -0x1.b0bc0ap-1 -0x1.1a1cdap-2 0x1.661604p-1 -0x1.958bccp-3 -0x1.e72ep-1
        -0x1.059ab8p-1 -0x1.b58e8p-1 0x1.f8a52p-1 0x1.e3b636p-1''',
    ('cos', 0): '''
        0x1.7cf0e2p-4 0x1.b3857p-2 0x1.b2584ap-3 0x1.76e17cp-4 -0x1.29babep-3 0x1.20bed4p-2 -0x1.0b2dcp-3
        0x1.929ab2p-1 0x1.dbab9cp-1 -0x1.e08594p-3 0x1.2d7ab6p-1 0x1.0b0902p-4 0x1.27b99cp-3 0x1.b7c75p-1
        -0x1.b55cccp-1 -0x1.a2e94p-1 -0x1.e47c56p-1 0x1.4dc522p-1 0x1.1f3ff8p-1 0x1.78075cp-1 0x1.eaa924p-1
        0x1.3111c4p-1 -0x1.488562p-4 0x1.263fb2p-1 -0x1.878be4p-1 0x1.1bbfp-2 -0x1.6c2e1cp-1 0x1.c9e3c6p-1
        0x1.3cea02p-5 -0x1.5c35d4p-3 -0x1.d21bd4p-2 0x1.1702e6p-1 -0x1.7db374p-4 0x1.1aca72p-3 -0x1.f2bca8p-1
        0x1.ce7258p-3 0x1.c83752p-3 0x1.dd6c8cp-3 0x1.cacb92p-1 0x1.6f1c72p-2 -0x1.21af5cp-2 -0x1.178eb2p-3
        0x1.8f28e4p-2 -0x1.c33e4ap-1 0x1.5aba2p-2 0x1.623668p-2 -0x1.29b848p-1 -0x1.8116e4p-1 -0x1.78a5d2p-2
        -0x1.1c8cacp-2 0x1.1fb334p-3 -0x1.f8bebp-4 0x1.f6094ep-1 -0x1.9b063ap-1 -0x1.23966p-1 -0x1.60ca54p-1
        0x1.442864p-2 -0x1.f52c36p-2 -0x1.41f988p-4 -0x1.0b4f88p-1''',
}


def _trained(schedule, seed):
    rs = np.random.RandomState(seed)
    v = keras.Variable(rs.uniform(-1, 1, (6, 10)).astype('float32'), name='kernel')
    opt = keras.optimizers.Muon(learning_rate=SCHEDULES[schedule]())

    @tf.function
    def step(g):
        opt.apply_gradients([(g, v)])
        return g[0][0]

    for _ in range(4):
        step(tf.constant(rs.normal(0, 1, (6, 10)).astype('float32')))
    return [float(x).hex() for x in np.asarray(v.numpy(), 'float64').ravel()]


@pytest.mark.parametrize('schedule, seed', sorted(GOLDEN))
def test_returning_trace_gathers_the_schedules_constant(schedule, seed, epyc_cpu):
    expected = [float.fromhex(h).hex() for h in GOLDEN[(schedule, seed)].split()]
    assert hexes_as_tf(_trained(schedule, seed), expected)
