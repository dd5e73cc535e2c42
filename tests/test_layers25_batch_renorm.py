"""BatchNormalization(renorm=True): batch renormalization as Keras 3 computes it on TF 2.21.

tapeflow raised "renorm=True (batch renormalization) is not supported". Keras 3 adds moving_stddev, renorm_mean
and renorm_stddev after the four weights, scales x by r * gamma and offsets it by d * gamma + beta in training
(r, d without gradient, clipped by renorm_clipping), and derives moving_variance from moving_stddev. Values are
TF 2.21's, printed on an AMD EPYC (AVX2) by /work/notes/progs/layers25/bn_renorm.py and bn_renorm2.py; the rsqrt
runs with that CPU's estimate table here, so they hold bit for bit on an AVX2 CPU, within float32 rounding on others.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import zen2_rsqrt_estimate

from conftest import CPU_KIND


@pytest.fixture(autouse=True)
def zen2(monkeypatch):
    monkeypatch.setattr(zen2_rsqrt_estimate, 'applies', lambda: True)     # the EPYC that printed the goldens


def _hexes(a, n=12):
    return ' '.join(float(v).hex() for v in np.asarray(a, np.float32).ravel()[:n])


def _same(actual, expected):
    values, wanted = ([float.fromhex(h) for h in text.split()] for text in (actual, expected))
    if CPU_KIND == 'avx2':
        assert values == wanted
    else:
        assert values == pytest.approx(wanted, rel=1e-5, abs=1e-9)


NAMES = ['gamma', 'beta', 'moving_mean', 'moving_variance', 'moving_stddev', 'renorm_mean', 'renorm_stddev']


def test_config_and_weights():
    bn = keras.layers.BatchNormalization(renorm=True)
    config = bn.get_config()
    # TF 2.21: {'renorm': True, 'renorm_clipping': {}, 'renorm_momentum': 0.99}
    assert (config['renorm'], config['renorm_clipping'], config['renorm_momentum']) == (True, {}, 0.99)
    bn.build((None, 3))
    assert [w.name for w in bn.weights] == NAMES
    assert (len(bn.trainable_weights), len(bn.non_trainable_weights)) == (2, 5)
    assert all(tuple(w.shape) == (3,) for w in bn.weights)
    again = keras.layers.BatchNormalization.from_config(config)
    assert (again.renorm, again.renorm_clipping, again.renorm_momentum) == (True, {}, 0.99)
    # Keras keeps the values as given: renorm_momentum 1 stays an int, renorm=1 stays 1
    config = keras.layers.BatchNormalization(renorm=True, renorm_clipping={'rmax': 2}, renorm_momentum=1).get_config()
    assert (config['renorm_clipping'], repr(config['renorm_momentum'])) == ({'rmax': 2}, '1')
    assert repr(keras.layers.BatchNormalization(renorm=1).get_config()['renorm']) == '1'
    # without renorm the clipping is kept unchecked, as given
    assert keras.layers.BatchNormalization(renorm_clipping={'bad': 1}).get_config()['renorm_clipping'] == {'bad': 1}


@pytest.mark.parametrize('clipping, text', [
    # TF 2.21's texts; Keras's last two are not f-strings, so they print the braces
    ({'rmin': 2.0, 'rmax': 1.0}, 'rmax should be greater than rmin in the `renorm_clipping` argument. '
                                 'Received: rmax={rmax}, rmin={rmin}.'),
    ({'dmax': -1.0}, 'dmax should be non-negative in the `renorm_clipping` argument. Received: dmax={dmax}.'),
    ({'bad': 1}, "Received invalid keys for `renorm_clipping` argument: {'bad': 1}. "
                 "Supported values: ['rmax', 'rmin', 'dmax']."),
])
def test_clipping_errors(clipping, text):
    with pytest.raises(ValueError) as info:
        keras.layers.BatchNormalization(renorm=True, renorm_clipping=clipping)
    assert str(info.value) == text


_X = np.random.RandomState(0).randn(8, 3).astype('float32') * 2 + 1

# per case: three training calls' outputs, the weights, the inference output, then the gradients of
# sum(y * y * linspace(0.1, 1)) in training as to x and the trainable weights (TF 2.21)
CASES = {
    'clip': (dict(renorm_clipping={'rmax': 1.2, 'rmin': 0.8, 'dmax': 0.2}, renorm_momentum=0.5, momentum=0.7), -1, [
        '0x1.81a758p+0 -0x1.00ff9p-3 0x1.7fe226p-1 0x1.29a31cp+1 0x1.22e424p+1 -0x1.4e14ccp-1 0x1.bd53p-4 '
        '-0x1.06dbcp+0 -0x1.a81fap-6 -0x1.a2a83cp-1 -0x1.168cp-1 0x1.173724p+0',
        '0x1.81bb5cp+0 -0x1.01099p-3 0x1.7fe9ccp-1 0x1.29b2d2p+1 0x1.22ee2ep+1 -0x1.4e19bp-1 0x1.bd5b8p-4 '
        '-0x1.06e504p+0 -0x1.a809p-6 -0x1.a2c108p-1 -0x1.1695f4p-1 0x1.173c7ep+0',
        '0x1.81bf18p+0 -0x1.010b6p-3 0x1.7feb38p-1 0x1.29b5bcp+1 0x1.22f00ep+1 -0x1.4e1a9cp-1 0x1.bd5d4p-4 '
        '-0x1.06e6b6p+0 -0x1.a805p-6 -0x1.a2c59p-1 -0x1.1697cp-1 0x1.173d7cp+0',
        '0x1.e68258p-1 0x1.21d784p+0 0x1.666f64p-1',
        '-0x1.e5c998p-4 -0x1.b210fep-3 -0x1.f4ef3p-3',
        '0x1.400e26p+2 0x1.d9e758p+1 0x1.a6eed8p+0',
        '0x1.4fcc4ap+2 0x1.ef3834p+2 0x1.c96926p+3',
        '0x1.25398p+1 0x1.641458p+1 0x1.e3f404p+1',
        '0x1.d484ep+2 0x1.5c241p+2 0x1.3c21e6p+1',
        '0x1.79251ep+1 0x1.d4317cp+1 0x1.46b64p+2',
        '-0x1.423ffp-2 -0x1.f8ddap-1 -0x1.7accp-9 0x1.4b4b8p-4 0x1.aabep-3 -0x1.74590cp-1 -0x1.fada94p-1 '
        '-0x1.6f5b6p+0 -0x1.9d3eecp-2 -0x1.700016p+0 -0x1.31cd34p+0 0x1.62bc18p-3',
        '0x1.0478p-14 -0x1.536p-16 0x1.ap-15 0x1.991p-14 0x1.563p-12 -0x1.0acp-15 0x1.b3fp-20 -0x1.3bap-13 '
        '0x1.324p-18 -0x1.42bp-15 -0x1.52cp-14 0x1.23p-14',
        '0x1.123c4ap+0 0x1.c95454p+2 0x1.0cbda8p+3',
        '-0x1.f9ae56p-2 -0x1.edcc26p+1 -0x1.89d75ap+2',
    ]),
    'no_scale_no_center': (dict(scale=False, center=False, renorm_momentum=0.6), -1, [
        '0x1.21cc78p+2 0x1.cce168p+0 0x1.7a8e94p+1 0x1.5ed596p+2 0x1.2f0c24p+2 -0x1.e8bb88p-1 0x1.7339p+1 '
        '0x1.65029ep-1 0x1.964dccp-1 0x1.d239f8p+0 0x1.49c014p+0 0x1.f44b44p+1',
        '0x1.f84af2p+2 0x1.81b10cp+1 0x1.164accp+2 0x1.321a24p+3 0x1.e9c918p+2 -0x1.7b3688p-1 0x1.4016b4p+2 '
        '0x1.44f874p+0 0x1.888c24p+0 0x1.8bffb4p+1 0x1.1a09d8p+1 0x1.657914p+2',
        '0x1.c0fb7ep+2 0x1.2f53p+1 0x1.c3e43ep+1 0x1.15146cp+3 0x1.a564d8p+2 -0x1.5490bep-1 0x1.0d721cp+2 '
        '0x1.92479p-1 0x1.35abcp+0 0x1.2ce664p+1 0x1.a2565cp+0 0x1.2339d8p+2',
        '0x1.370114p-3 0x1.1a4ba4p-2 -0x1.d0b6dp-3',
        '0x1.19ae4cp+0 0x1.24808ep+0 0x1.3b2584p+0',
        '0x1.0ca7d6p+0 0x1.11c34ap+0 0x1.1c273ap+0',
        '0x1.900be4p+2 0x1.28b832p+2 0x1.0b23p+1',
        '0x1.51a3cap+1 0x1.9fca8p+1 0x1.1f6452p+2',
        '0x1.0ae2d6p+2 0x1.6cfb6p+0 0x1.6f37a6p+1 0x1.450be6p+2 0x1.0ae2c2p+2 -0x1.4fa46cp-1 0x1.4f369cp+1 '
        '0x1.93b68p-2 0x1.d6b75p-1 0x1.973838p+0 0x1.e4b854p-1 0x1.dce49cp+1',
        '0x1.c8ep-16 -0x1.b06p-18 0x1.694p-15 0x1.66cp-15 0x1.b54p-14 -0x1.ce8p-16 0x1.7ecp-21 -0x1.934p-15 '
        '0x1.0a6p-18 -0x1.1afp-16 -0x1.b02p-16 0x1.f94p-15',
    ]),
    'axis1': (dict(renorm_momentum=0.6, momentum=0.5), 1, [
        '0x1.04e21ep+1 -0x1.802492p+0 -0x1.33b126p-4 -0x1.2f9488p-2 0x1.567e6cp+0 0x1.471108p+0 0x1.d51ep-6 '
        '0x1.ed064p-3 -0x1.eca3acp-1 -0x1.00198ap+1 -0x1.cbf8c6p-2 0x1.eaefdp-6',
        '0x1.3bf7cp+2 -0x1.d6b4c4p+0 0x1.c80226p-1 0x1.de0734p-2 0x1.cc4e4p+1 0x1.bd893ap+1 0x1.16dc66p+0 '
        '0x1.7ed3d4p+0 -0x1.9d9f4ap-1 -0x1.65f35p+1 0x1.6528b8p-3 0x1.178384p+0',
        '0x1.4bb866p+2 -0x1.d2656cp+0 0x1.ffeb2cp-1 0x1.1f94bap-1 0x1.e600a4p+1 0x1.d6bbacp+1 0x1.34898p+0 '
        '0x1.a005ap+0 -0x1.83242ep-1 -0x1.67f1bep+1 0x1.099464p-2 0x1.353644p+0',
        '0x1.e68258p-1 0x1.21d784p+0 0x1.666f64p-1',
        '-0x1.e5c998p-4 -0x1.b210fep-3 -0x1.f4ef3p-3',
        '0x1.27a78p+0 0x1.4f0764p+0 0x1.200796p+0',
        '0x1.8b679p+2 0x1.08fc44p+2 0x1.0babdp+2',
        '0x1.3e2ea8p+1 0x1.047c44p+1 0x1.05cd44p+1',
        '0x1.eaaf84p-1 0x1.1723dcp+0 0x1.dd98a8p-1',
        '0x1.1f0782p+1 0x1.db02ep+0 0x1.dd4564p+0',
        '0x1.3af118p-2 -0x1.1db2ccp+0 -0x1.15cca6p-1 -0x1.4363ccp-1 0x1.a7788p-6 0x1.a468p-10 -0x1.006df2p-1 '
        '-0x1.a97c54p-2 -0x1.cc8228p-1 -0x1.5136b8p+0 -0x1.62d8cap-1 -0x1.0027b8p-1',
        '-0x1.aff98cp-3 0x1.06bc86p-2 0x1.67121p-8 -0x1.ac008ap-4 0x1.45052p-6 -0x1.04dd9p-4 0x1.72fb9ap-4 '
        '-0x1.ff628p-10 -0x1.29de16p-3 -0x1.e0b3c6p-2 0x1.151aap-2 0x1.726402p-4',
        '0x1.c0f9cap+5 0x1.5d7e8p+6 0x1.c5f2b4p+5',
        '-0x1.ec979ep+5 -0x1.7e7474p+6 -0x1.15bdbep+6',
    ]),
}


@pytest.mark.parametrize('case', sorted(CASES))
def test_training_inference_and_gradients(case):
    kwargs, axis, expected = CASES[case]
    x = _X
    if case == 'axis1':     # the probe's second draw
        rng = np.random.RandomState(0)
        rng.randn(8, 3)
        x = rng.randn(4, 3, 5, 5).astype('float32')
    bn = keras.layers.BatchNormalization(renorm=True, axis=axis, **kwargs)
    bn.build(x.shape)
    offsets = np.random.RandomState(1)      # the probe moves the first two weights, whichever they are
    bn.set_weights([w + offsets.uniform(-0.3, 0.3, w.shape).astype('float32') if i < 2 else w
                    for i, w in enumerate(bn.get_weights())])
    actual = [_hexes(bn(x * (i + 1) + i, training=True)) for i in range(3)]
    actual += [_hexes(w.numpy()) for w in bn.weights]
    actual.append(_hexes(bn(x, training=False)))
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        y = bn(xt, training=True)
        loss = tf.reduce_sum(y * y * tf.constant(np.linspace(0.1, 1, y.shape[-1]).astype('float32')))
    actual += [_hexes(g) for g in tape.gradient(loss, [xt] + bn.trainable_weights)]
    assert len(actual) == len(expected)
    for got, want in zip(actual, expected):
        _same(got, want)


def test_fit_sgd_keeps_tf_trajectory(epyc_cpu):     # (measured on the AVX2 EPYC: its Eigen products)
    keras.utils.set_random_seed(3)
    model = keras.Sequential([
        keras.Input((4,)), keras.layers.Dense(6),
        keras.layers.BatchNormalization(renorm=True, renorm_momentum=0.9, momentum=0.8,
                                        renorm_clipping={'rmax': 1.5, 'rmin': 0.7, 'dmax': 0.5}, name='bn'),
        keras.layers.Dense(1)], name='seq')
    rng = np.random.RandomState(5)
    model.set_weights([rng.uniform(-1, 1, w.shape).astype('float32') if w.trainable else w.numpy()
                       for w in model.weights])
    x, y = rng.randn(32, 4).astype('float32'), rng.randn(32, 1).astype('float32')
    model.compile(optimizer='sgd', loss='mse')
    history = model.fit(x, y, batch_size=8, epochs=3, verbose=0, shuffle=False)
    _same(_hexes(history.history['loss']), '0x1.792e36p+0 0x1.cf7822p-1 0x1.6d3c54p-1')
    bn = model.layers[1]
    assert [w.path for w in bn.weights] == ['seq/bn/' + n for n in NAMES]
    expected = [
        '-0x1.0327e2p+0 -0x1.383b62p-1 0x1.c2fadp-2 0x1.1fb7a6p-1 -0x1.ada4a8p-1 0x1.4dc75ep-3',
        '-0x1.d2112p-1 0x1.10f9p-3 0x1.4a11a6p-3 0x1.f2454ep-1 -0x1.8012c4p-2 0x1.2b201cp-1',
        '-0x1.bdd3f2p-2 -0x1.be477ep-1 -0x1.59f726p-2 0x1.906bcap-1 0x1.a6b8p-1 -0x1.82f4d4p-1',
        '0x1.15b5fep-1 0x1.983d08p-1 0x1.b5d9f6p-1 0x1.dcb4ccp-1 0x1.8b7392p-1 0x1.41ae68p-1',
        '0x1.796cf8p-1 0x1.c978b6p-1 0x1.d9c0dp-1 0x1.ee4da4p-1 0x1.c24256p-1 0x1.962804p-1',
        '-0x1.6adfe6p-2 -0x1.501284p-1 -0x1.2092e4p-2 0x1.452cdcp-1 0x1.4c0c6ap-1 -0x1.20f8e2p-1',
        '0x1.909158p-1 0x1.cd670cp-1 0x1.dc403cp-1 0x1.ea6a56p-1 0x1.c8939p-1 0x1.ac232cp-1',
    ]
    for w, want in zip(bn.weights, expected):
        _same(_hexes(w.numpy()), want)
    _same(_hexes(model.predict(x[:4], verbose=0)), '0x1.fe3e04p-3 0x1.c23b06p-2 -0x1.ba9a48p-2 -0x1.c6b5f8p-2')
    _same(float(model.evaluate(x, y, verbose=0)).hex(), '0x1.62ac22p-1')


def test_stddev_initializers_and_frozen_layer():
    bn = keras.layers.BatchNormalization(renorm=True, moving_variance_initializer=keras.initializers.Constant(4.0))
    bn.build((None, 2))
    # TF 2.21: moving_stddev and renorm_stddev start at sqrt(4)
    assert [list(w.numpy()) for w in bn.weights[4:]] == [[2.0, 2.0], [0.0, 0.0], [2.0, 2.0]]
    bn = keras.layers.BatchNormalization(renorm=True, moving_variance_initializer=lambda shape, dtype=None:
                                         tf.ones(shape) * 9.0)
    bn.build((None, 2))
    assert [list(w.numpy()) for w in bn.weights[4:]] == [[3.0, 3.0], [0.0, 0.0], [3.0, 3.0]]
    # a frozen layer normalizes with its moving statistics and moves none of them
    bn = keras.layers.BatchNormalization(renorm=True)
    bn.build((None, 3))
    bn.trainable = False
    before = bn.get_weights()
    _same(_hexes(bn(_X, training=True), 3), '0x1.21a768p+2 0x1.cca676p+0 0x1.7a5e2ap+1')
    assert all(np.array_equal(a, b) for a, b in zip(before, bn.get_weights()))


def test_float64_inputs_and_masks():
    bn = keras.layers.BatchNormalization(renorm=True, renorm_momentum=0.5, momentum=0.6)
    outputs = [bn(_X.astype('float64') * (i + 2), training=True) for i in range(2)]
    assert outputs[-1].dtype == 'float32'      # TF 2.21: the compute dtype, float32
    _same(_hexes(outputs[-1], 3), '0x1.77a19ep+2 0x1.95f834p+0 0x1.758e16p+1')
    _same(_hexes(bn.moving_stddev.numpy()), '0x1.4b97e4p+1 0x1.939368p+1 0x1.130246p+2')
    _same(_hexes(bn.renorm_stddev.numpy()), '0x1.73e574p+1 0x1.c997p+1 0x1.3bf67ap+2')
    # statistics of the unmasked steps only
    keras.utils.set_random_seed(1)
    rng = np.random.RandomState(0)
    rng.randn(8, 3)         # the probe's second draw
    inputs = keras.Input((5, 3))
    outputs = keras.layers.BatchNormalization(renorm=True, renorm_momentum=0.5, momentum=0.6,
                                              renorm_clipping={'rmax': 1.1, 'dmax': 0.1})(
        keras.layers.Masking(0.0)(inputs))
    model = keras.Model(inputs, outputs)
    x = rng.randn(4, 5, 3).astype('float32')
    x[:, 3:] = 0
    _same(_hexes(model(x, training=True), 9), '0x1.228752p+1 -0x1.66bf82p+0 0x1.5fdca8p-4 -0x1.7f5a4p-3 '
                                              '0x1.95f606p+0 0x1.826edap+0 0x1.3d5514p-3 0x1.b98442p-2 -0x1.b1fdecp-1')
    bn = model.layers[-1]
    _same(_hexes(bn.moving_variance.numpy()), '0x1.e977c2p-1 0x1.1333d4p+0 0x1.a19d9cp-1')
    _same(_hexes(bn.renorm_mean.numpy()), '-0x1.1326eap-8 -0x1.395b3ep-4 -0x1.1f048p-4')


def test_save_and_load_keep_the_seven_weights(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.BatchNormalization(
        renorm=True, renorm_clipping={'rmin': 0.5}, renorm_momentum=0.9)])
    model(_X, training=True)
    model.save(str(tmp_path / 'm.keras'))
    loaded = keras.models.load_model(str(tmp_path / 'm.keras'))
    layer = loaded.layers[0]
    assert (layer.renorm, layer.renorm_clipping, layer.renorm_momentum) == (True, {'rmin': 0.5}, 0.9)
    assert [w.name for w in layer.weights] == NAMES
    assert all(np.array_equal(a, b) for a, b in zip(model.get_weights(), loaded.get_weights()))
    h5py = pytest.importorskip('h5py')
    model.save_weights(str(tmp_path / 'm.weights.h5'))
    with h5py.File(str(tmp_path / 'm.weights.h5'), 'r') as f:
        # TF 2.21: layers/batch_normalization/vars/0 ... 6
        assert sorted(f['layers/batch_normalization/vars'].keys()) == [str(i) for i in range(7)]
    model.save(str(tmp_path / 'm.h5'))
    legacy = keras.models.load_model(str(tmp_path / 'm.h5'))
    assert all(np.array_equal(a, b) for a, b in zip(model.get_weights(), legacy.get_weights()))
    lines = []
    model.summary(print_fn=lambda text, **kwargs: lines.append(text))
    text = '\n'.join(lines)
    assert 'Trainable params: 6 (24.00 B)' in text and 'Non-trainable params: 15 (60.00 B)' in text
