"""Optimizer hyper-parameters given as keras.Variable / tf.Variable, read live as Keras 3 reads them.

TF 2.21 takes ``Adam(beta_1=keras.Variable(0.9))`` (and beta_2, epsilon, rho, RMSprop's momentum, Adagrad's
initial_accumulator_value, ...) and reads the variable in every update, eager or traced, in the variable's
dtype (``1 - beta_1`` is a float32 Sub); its tracker lists a keras.Variable in ``optimizer.variables``.
tapeflow refused them in the constructor ("Argument `beta_1` must be a number"), and set after construction
ran Adam's bias correction and Adamax / Lamb (AttributeError) otherwise. Goldens: TF 2.21 printed them
(notes/progs/optimtraj23/p1_ctor.py, p2_more.py, p8_varhyp.py); float.hex of float32 values.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import OperatorNotAllowedInGraphError



def _loop(opt, variable, traced=False):
    """Three steps of a two-weight least-squares loop, halving the hyper-parameter after each."""
    w = tf.Variable([0.5, -0.25])

    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(w * tf.constant([1., 2.]) - 1.))
        opt.apply_gradients([(tape.gradient(loss, w), w)])
        return loss
    if traced:
        step = tf.function(step)
    losses = []
    for _ in range(3):
        losses.append(float(step()).hex())
        variable.assign(variable * 0.5)
    return losses[-1], [float(x).hex() for x in w.numpy()]


# (optimizer, hyper-parameter, its first value, traced, TF 2.21's third loss and final weights)
CASES = [
    ('Adam', 'beta_1', 0.9, False, '0x1.74f164p+0', ['0x1.7c6ff4p-1', '0x1.e492p-10']),
    ('Adam', 'beta_1', 0.9, True, '0x1.74f164p+0', ['0x1.7c6ff4p-1', '0x1.e492p-10']),
    ('Adam', 'beta_2', 0.99, False, '0x1.266a84p+0', ['0x1.c02daap-1', '0x1.aa502p-4']),
    ('Adam', 'epsilon', 1e-3, False, '0x1.4f26fep+0', ['0x1.94c0a6p-1', '0x1.7ef9bp-5']),
    ('AdamW', 'beta_1', 0.8, False, '0x1.6c2534p+0', ['0x1.800486p-1', '0x1.4bd73p-7']),
    ('Adamax', 'beta_1', 0.8, False, '0x1.732088p+0', ['0x1.76bc78p-1', '-0x1.096c6p-8']),
    ('Adamax', 'beta_2', 0.8, False, '0x1.42dcdep+0', ['0x1.b18358p-1', '0x1.344d06p-4']),
    ('Lamb', 'beta_1', 0.8, False, '0x1.f7ccdp+0', ['0x1.3ea708p-1', '-0x1.01ed12p-3']),
    ('Lamb', 'beta_2', 0.8, False, '0x1.f84fe8p+0', ['0x1.3f7d44p-1', '-0x1.051c2p-3']),
    ('RMSprop', 'rho', 0.8, False, '0x1.69fa04p-1', ['0x1.d7337cp-1', '0x1.7c737p-3']),
    ('RMSprop', 'rho', 0.8, True, '0x1.69fa0ap-1', ['0x1.d7337ap-1', '0x1.7c737p-3']),
    ('RMSprop', 'momentum', 0.5, False, '0x1.283f42p-3', ['0x1.0706c6p+0', '0x1.a83b5ap-2']),
    ('Adadelta', 'rho', 0.9, False, '0x1.3fdbc4p+1', ['0x1.001c9cp-1', '-0x1.ff8d96p-3']),
    ('Adagrad', 'epsilon', 1e-3, False, '0x1.7c4b32p+0', ['0x1.67a55ep-1', '-0x1.163e98p-5']),
    ('Adagrad', 'epsilon', 1e-3, True, '0x1.7c4b38p+0', ['0x1.67a55ep-1', '-0x1.163eap-5']),
    ('Lion', 'beta_2', 0.9, False, '0x1.4cccccp+0', ['0x1.99999cp-1', '0x1.999998p-5']),
    ('Nadam', 'beta_1', 0.9, False, '0x1.4e644ep+0', ['0x1.8a79f2p-1', '0x1.19191cp-5']),
    ('Nadam', 'beta_1', 0.9, True, '0x1.4e644ep+0', ['0x1.8a79f2p-1', '0x1.19191cp-5']),
]


@pytest.mark.parametrize('name, attr, value, traced, loss, weights', CASES)
@pytest.mark.parametrize('make', [keras.Variable, tf.Variable], ids=['keras', 'tf'])
def test_variable_given_to_the_constructor_is_read_at_each_step(same_as_tf, name, attr, value, traced, loss, weights,
                                                                  make):
    variable = make(value)
    opt = getattr(keras.optimizers, name)(learning_rate=0.1, **{attr: variable})
    assert getattr(opt, attr) is variable
    assert opt.get_config()[attr] is variable      # TF 2.21's get_config holds the variable itself
    last, final = _loop(opt, variable, traced)
    same_as_tf(float.fromhex(last), float.fromhex(loss), measured_on='avx2')
    for got, want in zip(final, weights):
        same_as_tf(float.fromhex(got), float.fromhex(want), measured_on='avx2')


@pytest.mark.parametrize('name, attr', [('Adam', 'beta_1'), ('Adam', 'epsilon'), ('Adamax', 'beta_2'),
                                        ('Lamb', 'beta_1')])
def test_variable_set_after_construction_is_read_at_each_step(same_as_tf, name, attr):
    # TF 2.21 (p8_varhyp.py): the same numbers as given to the constructor
    row = next(c for c in CASES if c[:2] == (name, attr) and not c[3])
    variable = keras.Variable(row[2])
    opt = getattr(keras.optimizers, name)(0.1)
    setattr(opt, attr, variable)
    last, final = _loop(opt, variable)
    same_as_tf(float.fromhex(last), float.fromhex(row[4]), measured_on='avx2')
    for got, want in zip(final, row[5]):
        same_as_tf(float.fromhex(got), float.fromhex(want), measured_on='avx2')


def test_keras_variable_is_tracked_after_the_learning_rate_tf_variable_not():
    # TF 2.21: Adam(beta_1=keras.Variable(0.9)).variables after a build is iteration, learning_rate, the
    # variable, then the slots (5); with a tf.Variable 4; Lion's beta_1 too
    beta = keras.Variable(0.9)
    opt = keras.optimizers.Adam(0.1, beta_1=beta)
    opt.build([tf.Variable([1., 2.])])
    assert len(opt.variables) == 5 and opt.variables[2] is beta
    assert [v.name for v in opt.variables[:2]] == ['iteration', 'learning_rate']
    opt = keras.optimizers.Adam(0.1, beta_1=tf.Variable(0.9))
    opt.build([tf.Variable([1., 2.])])
    assert len(opt.variables) == 4
    lion_beta = keras.Variable(0.8)
    lion = keras.optimizers.Lion(0.1, beta_1=lion_beta)
    assert lion.variables[2] is lion_beta


def test_fit_reads_the_variable_a_callback_assigns(same_as_tf):
    # TF 2.21: Adam(0.1, beta_1=keras.Variable(0.9)) halved at each epoch's end; 7 optimizer variables
    beta = keras.Variable(0.9)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.set_weights([np.array([[0.5], [-0.25]], 'f'), np.array([0.1], 'f')])
    opt = keras.optimizers.Adam(0.1, beta_1=beta)
    model.compile(opt, 'mse')

    class Halve(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            beta.assign(beta * 0.5)
    history = model.fit(np.array([[1., 2.], [3., -1.]], 'f'), np.array([[1.], [0.]], 'f'), epochs=3, verbose=0,
                        callbacks=[Halve()])
    for got, want in zip(history.history['loss'], ['0x1.0ee148p+1', '0x1.50f616p+0', '0x1.dae868p-1']):
        same_as_tf(got, float.fromhex(want), measured_on='avx2')
    kernel, bias = model.get_weights()
    for got, want in zip(list(kernel.ravel()) + list(bias), ['0x1.19bd5ap-2', '0x1.35fp-10', '-0x1.50bb8p-4']):
        same_as_tf(float(got), float.fromhex(want), measured_on='avx2')
    assert len(opt.variables) == 7


def test_adagrad_initial_accumulator_value_variable(same_as_tf):
    # TF 2.21 (p2_more.py): Adagrad(0.1, initial_accumulator_value=keras.Variable(0.2)) on a 2x2 kernel
    start = keras.Variable(0.2)
    opt = keras.optimizers.Adagrad(0.1, initial_accumulator_value=start)
    w = tf.Variable([[0.5, -0.25], [0.3, 0.1]])
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(tf.matmul(w, tf.constant([[1.], [2.]])) - 1.))
        opt.apply_gradients([(tape.gradient(loss, w), w)])
        start.assign(start * 0.5)
    assert float(loss) == float.fromhex('0x1.2c93a2p-2')
    want = ['0x1.631bb4p-1', '-0x1.b681eap-5', '0x1.c716f6p-2', '0x1.03edcep-2']
    for got, expected in zip(w.numpy().ravel(), want):
        same_as_tf(float(got), float.fromhex(expected), measured_on='avx2')
    assert len(opt.variables) == 4      # iteration, learning_rate, the variable, the accumulator


def test_momentum_variable_in_a_traced_step_is_refused():
    # Keras tests `if self.momentum > 0` (RMSprop) / `!= 0` (SGD) in Python: TF 2.21 refuses the symbolic truth
    momentum = keras.Variable(0.5)
    opt = keras.optimizers.RMSprop(0.1, momentum=momentum)
    with pytest.raises(OperatorNotAllowedInGraphError, match='Using a symbolic `tf.Tensor` as a Python `bool`'):
        _loop(opt, momentum, traced=True)
    sgd = keras.optimizers.SGD(0.1)
    sgd.momentum = keras.Variable(0.9)
    with pytest.raises(OperatorNotAllowedInGraphError, match='Using a symbolic `tf.Tensor` as a Python `bool`'):
        _loop(sgd, sgd.momentum, traced=True)
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    sgd = keras.optimizers.SGD(0.1)
    sgd.momentum = keras.Variable(0.9)
    model.compile(sgd, 'mse')
    with pytest.raises(OperatorNotAllowedInGraphError, match='Using a symbolic `tf.Tensor` as a Python `bool`'):
        model.fit(np.ones((2, 2), 'f'), np.ones((2, 1), 'f'), verbose=0)


def test_sgd_momentum_variable_trains_eagerly(same_as_tf):
    # TF 2.21 (p8_varhyp.py): SGD(0.1) with momentum set to keras.Variable(0.9), eager
    sgd = keras.optimizers.SGD(0.1)
    sgd.momentum = keras.Variable(0.9)
    last, final = _loop(sgd, sgd.momentum)
    same_as_tf(float.fromhex(last), float.fromhex('0x1.395e9ep-2'), measured_on='avx2')
    for got, want in zip(final, ['0x1.9dc29p-1', '0x1.458106p-1']):
        same_as_tf(float.fromhex(got), float.fromhex(want), measured_on='avx2')


def test_saved_variable_hyperparameter_is_a_tensor_entry(tmp_path):
    # TF 2.21 (p3_save.py, p4_loadfit.py): serialize and model.save write the variable as a '__tensor__' entry;
    # load_model hands the entry to the constructor as it is (the loaded optimizer has one variable less, so its
    # saved state is skipped with Keras's warning), predict works, the first training step fails converting it
    import json
    import warnings
    import zipfile
    entry = {'class_name': '__tensor__', 'config': {'value': 0.800000011920929, 'dtype': 'float32'}}
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    opt = keras.optimizers.Adam(0.1, beta_1=keras.Variable(0.8))
    model.compile(opt, 'mse')
    model.fit(np.ones((4, 2), 'f'), np.ones((4, 1), 'f'), verbose=0)
    assert keras.optimizers.serialize(opt)['config']['beta_1'] == entry
    assert model.get_compile_config()['optimizer']['config']['beta_1'] == entry
    model.save(tmp_path / 'm.keras')
    with zipfile.ZipFile(tmp_path / 'm.keras') as archive:
        saved = json.loads(archive.read('config.json'))['compile_config']['optimizer']['config']
    assert saved['beta_1'] == entry and saved['beta_2'] == 0.999
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        loaded = keras.models.load_model(tmp_path / 'm.keras')
    assert any("Skipping variable loading for optimizer '%s', because it has 6 variables whereas the saved "
               "optimizer has 7 variables." % opt.name in str(w.message) for w in caught)
    assert loaded.optimizer.beta_1 == entry and len(loaded.optimizer.variables) == 6
    loaded.predict(np.ones((1, 2), 'f'), verbose=0)
    with pytest.raises(TypeError, match=r"^Failed to convert elements of \{'class_name': '__tensor__', 'config': "
                                        r"\{'value': 0.800000011920929, 'dtype': 'float32'\}\} to Tensor\. Consider "
                                        r"casting elements to a supported type\."):
        loaded.fit(np.ones((4, 2), 'f'), np.ones((4, 1), 'f'), verbose=0)


# Ftrl's and Adafactor's hyper-parameters as variables, on a 2x2 kernel (p13_ftrlaf.py): TF 2.21's third loss and
# final kernel, eager (Ftrl traced too: the same numbers; a variable learning_rate_power keeps TF's Pow there)
KERNEL_CASES = [
    ('Ftrl', 'l2_regularization_strength', 0.01, '0x1.610fd2p-2', ['0x1.3dab72p-1', '-0x1.ec21a6p-6', '0x1.891fap-2', '0x1.0ea496p-2']),
    ('Ftrl', 'beta', 0.1, '0x1.73017ep-2', ['0x1.389966p-1', '-0x1.ca60fp-6', '0x1.82d008p-2', '0x1.106ad4p-2']),
    ('Ftrl', 'l1_regularization_strength', 0.05, '0x1.617c6ep-2', ['0x1.3d40b2p-1', '-0x1.e46928p-6', '0x1.88abe8p-2', '0x1.0ee3eap-2']),
    ('Ftrl', 'learning_rate_power', -0.5, '0x1.6c2c26p-3', ['0x1.15be24p+0', '-0x1.f537dap-5', '0x1.871818p-2', '0x1.a07a7cp-2']),
    ('Ftrl', 'learning_rate_power', -0.7, '0x1.2b12e6p-1', ['0x1.5bc496p+0', '-0x1.afc46cp-2', '0x1.b0f06p-2', '0x1.ba33aap-2']),
    ('Ftrl', 'l2_shrinkage_regularization_strength', 0.02, '0x1.622884p-2', ['0x1.3cfb14p-1', '-0x1.e6b04ap-6', '0x1.87b33p-2', '0x1.0e8f4ap-2']),
    ('Ftrl', 'initial_accumulator_value', 0.3, '0x1.9a22dp-2', ['0x1.21857ep-1', '-0x1.d4650ep-7', '0x1.55d0f2p-2', '0x1.0ffcdcp-2']),
    ('Adafactor', 'beta_2_decay', -0.5, '0x1.7adaa4p-1', ['0x1.337802p-1', '-0x1.321ff8p-3', '0x1.982342p-2', '0x1.96aceap-3']),
    ('Adafactor', 'epsilon_2', 0.01, '0x1.7efa98p-1', ['0x1.3192e4p-1', '-0x1.39b474p-3', '0x1.90286cp-2', '0x1.86b73cp-3']),
    ('Adafactor', 'clip_threshold', 0.5, '0x1.0aab42p+0', ['0x1.0ea994p-1', '-0x1.c559aep-3', '0x1.502e7ep-2', '0x1.06c362p-3']),
    ('Adafactor', 'epsilon_1', 1e-3, '0x1.7f007ap-1', ['0x1.3190fap-1', '-0x1.39b5c4p-3', '0x1.902222p-2', '0x1.86b0a6p-3']),
]


# (Adafactor on a tf.Variable named 'kern' fails in a tf.function on TF 2.21 too: "'kern:0' is not a valid scope name")
@pytest.mark.parametrize('name, attr, value, loss, weights, traced',
                         [case + (traced,) for case in KERNEL_CASES for traced in (False, True)
                          if not (traced and case[0] == 'Adafactor')])
def test_ftrl_and_adafactor_variables_are_read_at_each_step(same_as_tf, name, attr, value, loss, weights, traced):
    variable = keras.Variable(value)
    opt = getattr(keras.optimizers, name)(learning_rate=0.1, **{attr: variable})
    assert opt.variables[2] is variable
    w = tf.Variable([[0.5, -0.25], [0.3, 0.1]], name='kern')

    def step():
        with tf.GradientTape() as tape:
            out = tf.reduce_sum(tf.square(tf.matmul(w, tf.constant([[1.], [2.]])) - 1.))
        opt.apply_gradients([(tape.gradient(out, w), w)])
        return out
    if traced:
        step = tf.function(step)
    for _ in range(3):
        last = step()
        variable.assign(variable * 0.5)
    same_as_tf(float(last), float.fromhex(loss), measured_on='avx2')
    for got, want in zip(w.numpy().ravel(), weights):
        same_as_tf(float(got), float.fromhex(want), measured_on='avx2')


# Muon(learning_rate=0.05, <attr>=keras.Variable(value)) in fit(run_eagerly=True), the variable halved at each
# epoch's end (p14_muon.py): TF 2.21's last loss and last five weights (d1's bias's last, d2's kernel and bias)
MUON_CASES = [
    ('adam_beta_1', 0.8, '0x1.515f94p-7', ['0x1.6dddaep-3', '-0x1.a98866p-3', '0x1.62d692p-1', '0x1.ca3e38p-4', '0x1.c6b548p-6']),
    ('adam_beta_2', 0.9, '0x1.34fc8p-5', ['0x1.87d8b4p-3', '-0x1.a43708p-3', '0x1.5b4506p-1', '0x1.16c6bcp-3', '-0x1.abe67p-8']),
    ('momentum', 0.9, '0x1.0b1a2p-5', ['0x1.8540fap-3', '-0x1.a224f2p-3', '0x1.5c0bf4p-1', '0x1.175204p-3', '0x1.80f208p-10']),
    ('epsilon', 1e-3, '0x1.a8dfbep-7', ['0x1.788dc4p-3', '-0x1.b082d2p-3', '0x1.624ca8p-1', '0x1.e269aap-4', '-0x1.7842e2p-8']),
    ('adam_lr_ratio', 0.5, '0x1.db7456p-8', ['0x1.598978p-3', '-0x1.92aac4p-3', '0x1.62d636p-1', '0x1.d05a2ep-4', '0x1.ff6bccp-6']),
]


@pytest.mark.parametrize('attr, value, loss, weights', MUON_CASES)
def test_muon_variables_are_read_at_each_step(cpu_kind, attr, value, loss, weights):
    variable = keras.Variable(value)
    opt = keras.optimizers.Muon(learning_rate=0.05, **{attr: variable})
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name='d1'), keras.layers.Dense(1, name='d2')])
    model.compile(opt, 'mse', run_eagerly=True)

    class Halve(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            variable.assign(variable * 0.5)
    x = np.arange(18, dtype='f').reshape(6, 3) / 10
    y = np.arange(6, dtype='f').reshape(6, 1) / 5
    history = model.fit(x, y, epochs=3, batch_size=3, verbose=0, callbacks=[Halve()], shuffle=False)
    flat = np.concatenate([w.ravel() for w in model.get_weights()])
    got = [history.history['loss'][-1]] + [float(w) for w in flat[-5:]]
    want = [float.fromhex(h) for h in [loss] + weights]
    if cpu_kind == 'avx2':
        assert got == want
    else:
        # Muon's Newton-Schulz iterations carry another CPU's product orders 1e-5 apart after six steps
        assert got == pytest.approx(want, rel=1e-4, abs=1e-6)
    assert opt.variables[2] is variable


@pytest.mark.parametrize('eager, loss, weights', [
    (True, '0x1.113558p-7', ['0x1.726744p-3', '-0x1.c271a6p-3', '0x1.61b672p-1', '0x1.00e736p-3', '0x1.e98e6p-9']),
    (False, '0x1.e8bcfap-4', ['0x1.3c584p-7', '-0x1.64f7ap-3', '0x1.64237cp-3', '0x1.25e948p-7', '0x1.3dc198p-3']),
], ids=['run_eagerly', 'traced'])
def test_schedule_free_adamw_beta_1_variable_in_fit(same_as_tf, eager, loss, weights):
    # TF 2.21 (p16_sfa.py): ScheduleFreeAdamW(0.05, beta_1=keras.Variable(0.8)) halved at each epoch's end; in the
    # traced step x / beta_1 stays a division (no constant for grappler to turn into a reciprocal product)
    beta = keras.Variable(0.8)
    opt = keras.optimizers.ScheduleFreeAdamW(learning_rate=0.05, beta_1=beta)
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name='d1'), keras.layers.Dense(1, name='d2')])
    model.compile(opt, 'mse', run_eagerly=eager)

    class Halve(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            beta.assign(beta * 0.5)
    x = np.arange(18, dtype='f').reshape(6, 3) / 10
    y = np.arange(6, dtype='f').reshape(6, 1) / 5
    history = model.fit(x, y, epochs=3, batch_size=3, verbose=0, callbacks=[Halve()], shuffle=False)
    same_as_tf(history.history['loss'][-1], float.fromhex(loss), measured_on='avx2')
    flat = np.concatenate([w.ravel() for w in model.get_weights()])
    for got, want in zip(flat[-5:], weights):
        same_as_tf(float(got), float.fromhex(want), measured_on='avx2')
