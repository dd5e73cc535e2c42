"""Traced optimizer steps (a tf.function, Keras's compiled train step) round as TensorFlow 2.21's graphs.

- RMSprop, Adagrad and Adadelta: grappler turns ``x / sqrt(y)`` into ``x * rsqrt(y)``, whose
  kernel takes packets of 8 from each variable's first element. Variables concatenated into one
  flat update (optim/flat_update.py) put the packets elsewhere: traced steps now go variable by
  variable (1 ulp on some elements of every variable but the first).
- Centered RMSprop's ``velocity - square(average) + epsilon``: ConstantPushDown makes it
  ``velocity + (epsilon - square(average))``. Adafactor's ``g / sqrt(v)`` is ``g * rsqrt(v)``.
- ScheduleFreeAdamW's ``(1 - weight) * ((y - (1 - b1) * z) / b1)``: ``((1 - weight) * (1 / b1)) * (...)``
  for variables of rank >= 1 (so traced steps update variable by variable).
- Weight decay ``variable * weight_decay * lr``: grappler's MinimizeBroadcasts multiplies the
  scalars first (``variable * (weight_decay * lr)``), and with ExponentialDecay folds the rate's
  constant into the decay (``variable * ((weight_decay * initial) * decay_rate ** p)``);
  one-element and rank-0 variables keep other orders (optim/weight_decay.py); CosineDecay's rate
  joins the chain as ``(1 + cos) * (initial * 0.5)`` (with alpha: ``initial * decayed``), and
  CosineDecayRestarts' as ``(m_mul ** i * (weight_decay * initial * 0.5)) * (1 + cos)``.

Golden values: TensorFlow 2.21 + Keras 3.15.1 (/opt/tfref) running the same steps inside a
tf.function, variables printed as ``numpy().tobytes().hex()`` (/work/notes/progs/optim5/gold2.py,
gold3.py, gold4.py, gold8.py, gold9.py, sfa_probe.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

S = keras.optimizers.schedules


def hexes(variables):
    return [np.asarray(v.numpy(), np.float32).tobytes().hex() for v in variables]


def traced_steps(make, init, grads):
    variables = [tf.Variable(a) for a in init]
    opt = make()
    step = tf.function(lambda gs: opt.apply_gradients(zip(gs, variables)))
    for gs in grads:
        step([tf.constant(g) for g in gs])
    return hexes(variables)


ROOTS = {
    'rmsprop': (lambda: keras.optimizers.RMSprop(0.01), [
        '606d52bf32c799bf56b494beb512b13e529e983f783d613de51d05bfa66e34bfa40f3d3fb6cccf3ff9c2d23e90ca87bf',
        '3bdb65bf497cca3f9432813ed600dabfd43070bd',
        '9c3394bf44bc27bf23ecf9be7f7a5abf0b61da3e0b0955bd002814bf59f4f03ecf346b3f303cc7bf2fee1abe54a887bf',
        '68ce72bee900b9bfb4e20f3ecae975bd5fdbf6bed9dd75bfcd64fcbeb6f98fbf12f2a6bf']),
    'adagrad': (lambda: keras.optimizers.Adagrad(0.05), [
        'e0294dbf58ac91bfe1919ebe8690a03e07079c3fb3ae5f3d57a602bfdfdc1dbf4f0c483f2499ce3ffe22e63ecda380bf',
        'd4505cbf45a8c83fd4c7923e72cdd8bf321394bd',
        'e7a994bf32f529bf8d45f4beec346dbf148fc03e1e3a20bdb8c60fbf96bff83e8a666b3f1b7ac1bf8cfcfbbde0ca85bf',
        '539ca3be9c62c1bf8609383e445fe2bda7490abff8b15fbf3e0f0dbf710c90bf07b4a3bf']),
    'adadelta': (lambda: keras.optimizers.Adadelta(1.0), [
        '902b4ebf5f39a8bf5d1f7ebec786d23e76b0913f4293d23dcd800cbf5d3046bfe0a43f3f3911d13f6e70923e21849bbf',
        '2acb73bfcd47cc3f140f583e4a6fddbf643bafbd',
        'ad3c95bfe18521bf08a3f8be2c083abf1e250b3f8c9f73bd0c6216bfa99dd43efd28563f48e7d0bfdb8f7abe6df97bbf',
        'e4cf38be54e5a6bfbe99003d405a22bd4ad4a5bea3c384bf8c75d2be6ae98bbffd5fadbf']),
}


@pytest.mark.parametrize('name', sorted(ROOTS))
def test_root_dividing_optimizers_traced_over_several_variables(name):
    make, golden = ROOTS[name]
    rng = np.random.default_rng(5)
    shapes = [(3, 4), (5,), (2, 6), (3, 3)]
    init = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    grads = [[(rng.standard_normal(s) * (0.5 + t)).astype(np.float32) for s in shapes] for t in range(8)]
    assert traced_steps(make, init, grads) == golden


PER_VARIABLE = {
    'rmsprop_centered_momentum': (lambda: keras.optimizers.RMSprop(0.01, momentum=0.5, centered=True), [
        'd25d37bf12b3b3bfa711adbe4356d03ef67e8f3fea56a23e64c6eebec5ea18bf094e623f7c63d63f4c25a83e4b8da0bf',
        '95a351bfeb0ce13ffa73093e74dbdabf14c299be',
        'b616a2bfe90107bf00f6d9beb36d32bf9ccaee3efaadb43cba1bd6be892aba3e2d82563fde8cb9bf92d2c5bed8d675bf',
    ]),
    'adafactor': (lambda: keras.optimizers.Adafactor(0.01), [
        '33a148bf1c69abbf934b7abe56f3d23ecff28e3f1fb3113e78050bbfa0b042bf7d5c443fcc48d43fdef4903eabd29ebf',
        '1c6269bfae09d23f8ca1453e6822dfbfbde80ebe',
        '40d295bf711d1cbf4d21f9be3c1838bf5ed3083ff64e54bd42400cbf7251cf3eb707533fa4d2cdbf7bf78ebe15e077bf',
    ]),
}


@pytest.mark.parametrize('name', sorted(PER_VARIABLE))
def test_traced_steps_with_grappler_rewrites(name):
    make, golden = PER_VARIABLE[name]
    rng = np.random.default_rng(5)
    shapes = [(3, 4), (5,), (2, 6)]
    init = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    grads = [[(rng.standard_normal(s) * (0.5 + t)).astype(np.float32) for s in shapes] for t in range(8)]
    # keras.Variables: TF's Adafactor fails on a tf.Variable's 'w0:0' as a name scope in a tf.function
    variables = [keras.Variable(a, name='w%d' % i) for i, a in enumerate(init)]
    opt = make()
    step = tf.function(lambda gs: opt.apply_gradients(zip(gs, variables)))
    for gs in grads[:6]:
        step([tf.constant(g) for g in gs])
    assert hexes(variables) == golden


def test_root_dividing_optimizers_still_update_flat_when_eager():
    # The traced steps' per-variable path must not cost the eager steps their flat update.
    opt = keras.optimizers.RMSprop(0.01)
    assert opt.elementwise_update is True


WEIGHT_DECAY = {
    'sgd': (lambda: keras.optimizers.SGD(0.3, weight_decay=0.37), [
        'af8f58bf', '1452f93e', '873965bdd9c284be5496f7be', '18b44bbf33ad8fbed7b0b83ec5bc01bf',
        'cfb396bedea84fbea72d6abf570a2ebff83330bfeeba5fbf8a66833f4e13eabed495ad3d5e91893ec60dc0be4f4540be'
        'bdf4d63e89b0123ed74f193eda6483be6a19a6bdb1e0dc3eaadeedbdcd7639bf928a853eefc84dbf769ba8be60af37bb'
        'c051a7bef792de3e416a1abefd8d863ed79623bf74142c3e0868913e3d00c43dcab20d3eac08cbbd4c0402bf340f28bf'
        'e82320bef1ac413eba13b93d68e39cbce624e33e6cc5803ecc5959bedc8060be1cccce3d']),
    'adamw': (lambda: keras.optimizers.AdamW(0.1, weight_decay=0.3), [
        '01b6e93e', '261e87bf', '10e6ff3e1aed94bd61d1c63e', '4a8320bf70faecbe965b18bfd626a2be',
        '4e932b3f27ac2cbe3e4dcbbdac799bbea2a56ebe7faaafbe49debd3e1256cabe1c117abe96f7a13e000b0abffcbaa8be'
        '820e893f1917d5bde542513ed318b0be2f9b183e3fde2e3f0802a5bef27b04bf92651f3e080f82bfb67551be746c843f'
        'c29627becde35bbe7c78a03cc6aea5bf8918b1bde696f2be781e03bf4c888b3efccf6a3f26ac9bbe5b7b77bf97d29bbe'
        '867f693ef63b7a3fd606b23cc740d63e0eba273fe26389be3c2ad9bd1dbff13c18260dbe']),
    'sgd_exponential_decay': (lambda: keras.optimizers.SGD(S.ExponentialDecay(0.3, 3, 0.9), weight_decay=0.37), [
        'f8caa8be', 'f039cdbd', '3d5c893e342224bc9364043e', '803c11bfa14042be94dad7bcef95a4be',
        'ce5b3abd3a3486be10ccdebeec9ed5be783b84be7241e1be8b8a133ffd78c0be6b2587bd80975c3e872de9be4cfc3cbe'
        '6bd3063fa09cb3bb5af9313e5e37a0bef613b2bd8a7af93e9ca3f63cd18b0dbf3ecfab3d29551ebf05ad82be3682953e'
        '0a33a2be1525e53dc3c743bebcc8adbe4a67d0befa06b8bd3a34263e1f71473ea8479f3e6d003ebec0c7f4bead7ddebe'
        '820b183d2a73883e1f75203e80c1fc3d4e19f73e1f8a9ebde2e4c23c9ab8c0bdd56cadbd']),
}


@pytest.mark.parametrize('name', sorted(WEIGHT_DECAY))
def test_weight_decay_in_a_traced_step(name):
    make, golden = WEIGHT_DECAY[name]
    rng = np.random.default_rng(3)
    shapes = [(), (1,), (3,), (2, 2), (9, 5)]      # rank 0 and one element keep other orders
    init = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    grads = [[(rng.standard_normal(s) * 0.7).astype(np.float32) for s in shapes] for t in range(30)]
    assert traced_steps(make, init, grads) == golden


MUON_ADAM_DECAY = (
    '621ac0bdb740a5bfe089133e1d78b9be084ae8bee7178b3ec6a01bbf560f86bf080376bf48fab83e3df537bec92b4c3f'
    '1ebbabbfae5687becf0240bf069b6c3e02f9d93d7767ea3edfff90be2851e9be32013d3f9a891dbd50e0153f087ea7bf'
    '068bfd3e8a9a743f6a32a43ef3c6cbbfc5b10f3fbec0edbeb80eaabf52bc95bddf4dea3eb38f8f3fd9857a3e0e9c873f'
    '677037bf0da757bff9faab3ed4e1b33e')


def test_muon_weight_decay_in_a_traced_step():
    # Muon decays its Adam-stepped variables by adam_weight_decay, through the same Mul chain
    rng = np.random.default_rng(3)
    variable = keras.Variable(rng.standard_normal((40,)).astype(np.float32), name='bias')
    grads = [rng.standard_normal((40,)).astype(np.float32) for _ in range(10)]
    opt = keras.optimizers.Muon(0.3, adam_weight_decay=0.37)
    step = tf.function(lambda g: opt.apply_gradients([(g, variable)]))
    for g in grads:
        step(tf.constant(g))
    assert np.asarray(variable.numpy()).tobytes().hex() == MUON_ADAM_DECAY


RMS_CENTERED_NO_RETURN = [
    'd15d37bf12b3b3bfa711adbe4356d03ef67e8f3fea56a23e64c6eebec5ea18bf094e623f7c63d63f4c25a83e4b8da0bf',
    '95a351bfeb0ce13ffa73093e74dbdabf14c299be',
    'b616a2bfe90107bf01f6d9beb36d32bf9ccaee3efaadb43cba1bd6be882aba3e2d82563fde8cb9bf92d2c5bed8d675bf',
]


def test_centered_rmsprop_in_a_tf_function_that_returns_none():
    # no outputs, no ConstantPushDown: velocity - square(average) + epsilon in eager order
    rng = np.random.default_rng(5)
    shapes = [(3, 4), (5,), (2, 6)]
    init = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    grads = [[(rng.standard_normal(s) * (0.5 + t)).astype(np.float32) for s in shapes] for t in range(8)]
    variables = [tf.Variable(a) for a in init]
    opt = keras.optimizers.RMSprop(0.01, momentum=0.5, centered=True)

    @tf.function
    def step(gs):
        opt.apply_gradients(zip(gs, variables))
    for gs in grads[:6]:
        step([tf.constant(g) for g in gs])
    assert hexes(variables) == RMS_CENTERED_NO_RETURN


COSINE_DECAY = {
    'adamw': (lambda: keras.optimizers.AdamW(S.CosineDecay(0.01, 20), weight_decay=0.1), [
        'd4e4024032ec22c0f2ebe83e',
        '887606bf438a04bf6acb56be2bad03c0',
        'a85f99bed3cd4abfabf54f40cdd08f3e46bcc6be7fb75abefd1b2dbf34ec89bf68d6d1be60fd003f2db55fbe8b7a673f'
        'f72327be04f501bd7e83c23fd923093f72c2ffbec69d75bea94b083f3585f13fe2a858be070998be42f8753f890a5ebf'
        'd4f8aabe831b5c3f852e173fe36d903d14602b3f9aa332c0f1e2863fb8d771bf50b8d0bfa8d7893e3d952b3f5a0bd3be'
        '391d86bf604087bced55b3bddaf4aa3fcb88303f0255703e01c98b3fe57534be91957abf',
    ]),
    'adamw_alpha': (lambda: keras.optimizers.AdamW(S.CosineDecay(0.01, 20, alpha=0.2), weight_decay=0.1), [
        'a4770240749722c01303e63e',
        'e90204bfdbaf05bf4bcf5fbef67103c0',
        '893c99be24ba47bf02034f406d1a8d3ed3b1c5bec73854beddb92dbfd74b89bf77ced1be1ffc013f73ea67be0687673f'
        '8f1221be83d821bd2d79c13f1bb9093f7b8bfdbeaff57ebe1a52093fe38def3f6c955bbefd8399be182b743f59995abf'
        'c528aebe5b145a3fc03e173f59b5813db3c8283f56d631c038de863f632670bf2115d0bf849c8c3e9fb82b3f1cf0d4be'
        '9feb85bfdbe6e5bc6cd1b6bd69aca93f11cb2f3f0e9c723ea2978b3fdffb32be56457bbf',
    ]),
    'sgd_restarts': (lambda: keras.optimizers.SGD(S.CosineDecayRestarts(0.3, 4, t_mul=1.5, m_mul=0.7),
                                                  weight_decay=0.37), [
        '4412363facc772bf15f6133d',
        'aca58abee6c900bf6e08c3be374f84bf',
        '0cdbb1bebb05d73e4e83983fbb6650be590370bed1e0cd3e19d794be155f00bf3a105bbea127033fdd6a08bf0c51623e'
        '989e713ecc9d10bf0c42003e2031a43eb5b218bd5faf44bf7866083fe249e23e972e283d66218bbe3951973e9d23a2bd'
        'f41c0dbf78ac6f3ed3639d3eace257be086c7f3d3fb987bf4fba6c3fe36ac2beacfadcbeb1b7353f46efb73e424cecbe'
        '0ff201bf288c11bf2af93dbdaaba173e7861f33da4c39f3e4ddade3e5195013e39e638bf',
    ]),
    'sgd': (lambda: keras.optimizers.SGD(S.CosineDecay(0.3, 20), weight_decay=0.37), [
        '2b16693f61be46bfd6df913d',
        'c152923e6270eabe76eddebe91f975bf',
        'b573b1becd71fa3e28562c3fd2fc4a3e98c6b0bdd54ac03ef54316bf764f64be0afd46be4c77c13edfa411bfbd76cd3e'
        'ac088c3dc91603bf65e8403eae95be3e635584be5c80e5be9498e83e040d863e8ed983bde062ffbe512a4f3e6454e73e'
        '8e6881bede9a773efeb8523ee42a10bf9c9436be6cb918bf9d95d73e490c82bd18c031bfd036953e0be115bd67fde9be'
        '06dc76be809f2ebff40eb7bed658333e5dbc323e7394583e5001903e1bf99a3ca90c45bf',
    ]),
}


@pytest.mark.parametrize('name', sorted(COSINE_DECAY))
def test_weight_decay_with_cosine_decay_in_a_traced_step(name):
    make, golden = COSINE_DECAY[name]
    rng = np.random.default_rng(3)
    shapes = [(3,), (2, 2), (9, 5)]
    init = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    grads = [[(rng.standard_normal(s) * 0.7).astype(np.float32) for s in shapes] for t in range(25)]
    assert traced_steps(make, init, grads) == golden


SCHEDULE_FREE = {
    'eager': [
        '074b21bf',
        'a33999be',
        '62ece03fb87bf93ed7a4c8bfcdf6013ec96536bf0dc2893e',
        'd253cdbf',
        'a43b6c3e71a1fc3ed744c83f44ad9f3ec75d053f501cbfbf2a6b0e40',
    ],
    'traced': [
        'f017b23c',
        '6414ffbd',
        'b777bf3d2a0030be7547973dcf4a073eab53b6bd7ca2f63d',
        'f944853b',
        '967635bc9a1d843eada234bc96829cbbf7a52a3ce0ea8838efc5e0bc',
    ],
}


@pytest.mark.parametrize('mode', sorted(SCHEDULE_FREE))
def test_schedule_free_adamw_over_variables_of_every_rank(mode):
    rng = np.random.default_rng(4)
    shapes = [(1,), (), (3, 2), (1, 1), (7,)]
    init = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    grads = [[rng.standard_normal(s).astype(np.float32) for s in shapes] for t in range(12)]
    variables = [keras.Variable(a, name='v%d' % i) for i, a in enumerate(init)]
    opt = keras.optimizers.ScheduleFreeAdamW(0.05)
    step = lambda gs: opt.apply_gradients(zip(gs, variables))
    if mode == 'traced':
        step = tf.function(step)
    for gs in grads:
        step([tf.constant(g) for g in gs])
    assert hexes(variables) == SCHEDULE_FREE[mode]
