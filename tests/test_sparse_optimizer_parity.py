"""Keras 3's optimizers on IndexedSlices gradients (an Embedding's), pinned by golden weights.

Golden values: keras 3.15 on TensorFlow 2.21 (/opt/tfref). helpers_sparse_optimizers's model
(Embedding(10, 3) -> Flatten -> Dense(1), weights set to EMBEDDINGS, KERNEL, BIAS) was
trained STEPS steps on the one batch IDS -> TARGETS with mean squared error, by
``tape.gradient`` + ``apply_gradients`` (which got a tf.IndexedSlices for the
embeddings) and by ``fit(batch_size=3, shuffle=False)`` (the same weights to
2e-7); the weights after the last step, concatenated (embeddings, kernel, bias),
printed with 8 significant digits. Tokens 1, 2 and 5 repeat within the batch, so
optimizers that square the gradient (or take its absolute value) diverge from the
dense-gradient trajectory by 1e-2 to 1 (checked below): Keras squares each row
before summing a repeated token's rows. SGD's formula is linear in the gradient,
so its sparse and dense trajectories agree.
"""
import numpy as np
import pytest

import framework as tf
import optim
from helpers_sparse_optimizers import train_custom_loop, train_fit

OPTIMIZERS = {
    'sgd': lambda: optim.SGD(0.1),
    'sgd_momentum': lambda: optim.SGD(0.1, momentum=0.9),
    'sgd_nesterov': lambda: optim.SGD(0.1, momentum=0.9, nesterov=True),
    'adam': lambda: optim.Adam(0.1),
    'adam_amsgrad': lambda: optim.Adam(0.1, amsgrad=True),
    'adamw': lambda: optim.AdamW(0.1, weight_decay=0.05),
    'nadam': lambda: optim.Nadam(0.1),
    'rmsprop': lambda: optim.RMSprop(0.1),
    'rmsprop_centered_momentum': lambda: optim.RMSprop(0.1, centered=True, momentum=0.5),
    'adagrad': lambda: optim.Adagrad(0.1),
    'adamax': lambda: optim.Adamax(0.1),
    'adadelta': lambda: optim.Adadelta(1.0),
    'adam_clipnorm': lambda: optim.Adam(0.1, clipnorm=0.05),
    'adam_global_clipnorm': lambda: optim.Adam(0.1, global_clipnorm=0.05),
    'adagrad_clipvalue': lambda: optim.Adagrad(0.1, clipvalue=0.01),
    'rmsprop_weight_decay': lambda: optim.RMSprop(0.1, weight_decay=0.1),
}
LINEAR = ('sgd', 'sgd_momentum', 'sgd_nesterov')     # no square of the gradient: sparse == dense

GOLDEN = {
    'sgd': [
        -0.45746019, -0.27170303, -0.098238073, -0.12873736, 0.19091704, 0.26339695, 0.36748245, -0.32350963,
        -0.12371728, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.1122506,
        -0.27175015, -0.012331815, 0.1, 0.2, 0.30000001, -0.25096667, -0.20055865, -0.15110698,
        0, 0.1, 0.2, 0.37669182, -0.16079193, -0.34727168, -0.66449636, -0.24937189,
        0.015850343, 0.2941457, 0.47327888, -0.5448302, -0.24368148, -0.0010263566, 0.28094828, 0.45339552,
        -0.57643867, -0.2950902, 0.23680429,
    ],
    'sgd_momentum': [
        -0.59329873, -0.33663598, -0.097374186, -0.24496886, 0.26833406, 0.31914461, 0.42536351, -0.34138182,
        -0.058883309, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.02787023,
        -0.4254308, -0.023463905, 0.1, 0.2, 0.30000001, -0.20747371, -0.20111458, -0.19570194,
        0, 0.1, 0.2, 0.44416776, -0.033465385, -0.47879681, -0.80232954, -0.24831563,
        0.030787148, 0.33386862, 0.4404453, -0.58036554, -0.23998024, 0.0036323695, 0.3079932, 0.40260834,
        -0.6339817, -0.33302733, 0.36915666,
    ],
    'sgd_nesterov': [
        -0.68160146, -0.3695319, -0.094814092, -0.27240187, 0.35750687, 0.35073769, 0.46853197, -0.38397259,
        0.03342858, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.016058974,
        -0.48009616, -0.01450201, 0.1, 0.2, 0.30000001, -0.17292559, -0.20202069, -0.23606402,
        0, 0.1, 0.2, 0.48417389, 0.026792496, -0.55071414, -0.90989023, -0.24829397,
        0.023692816, 0.3179062, 0.47754627, -0.61006862, -0.21125253, -0.015081906, 0.31855249, 0.41438031,
        -0.68827915, -0.37321901, 0.32943127,
    ],
    'adam': [
        -0.59405935, -0.47637731, 0.057893902, -0.2825307, 0.36639091, 0.48002401, 0.42635313, -0.38751927,
        0.030250408, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.083646312,
        -0.38050845, -0.0057592951, 0.1, 0.2, 0.30000001, -0.00093029439, -0.35456276, -0.40016165,
        0, 0.1, 0.2, 0.59694612, -0.019477352, -0.49406385, -0.79435605, -0.30617392,
        0.085326187, 0.47697932, 0.36364442, -0.79870206, -0.3074773, 0.0035732239, 0.48936939, 0.29789424,
        -0.79485929, -0.54923975, 0.30963194,
    ],
    'adam_amsgrad': [
        -0.59405935, -0.47637731, 0.057893902, -0.2825307, 0.36639091, 0.48002401, 0.42635313, -0.38751927,
        0.030250408, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.083646312,
        -0.38050845, -0.0057592951, 0.1, 0.2, 0.30000001, -0.00093029439, -0.35456276, -0.40016165,
        0, 0.1, 0.2, 0.59694612, -0.019477352, -0.49406385, -0.79435605, -0.30617392,
        0.085326187, 0.47697932, 0.36364442, -0.79870206, -0.3074773, 0.0035732239, 0.48936939, 0.29789424,
        -0.79485929, -0.54923975, 0.30963194,
    ],
    'adamw': [
        -0.58826333, -0.47200888, 0.059196129, -0.282291, 0.36353415, 0.47677553, 0.42154443, -0.38209158,
        0.031716026, -0.098507494, 0, 0.098507494, 0.19701499, 0.29552245, -0.29552245, -0.081305571,
        -0.37829363, -0.0061164815, 0.098507494, 0.19701499, 0.29552245, 0.0021126866, -0.3512221, -0.39719769,
        0, 0.098507494, 0.19701499, 0.59114569, -0.016412847, -0.48976064, -0.78562874, -0.30308878,
        0.085152701, 0.47421455, 0.3566961, -0.79001141, -0.3043828, 0.0025768355, 0.4867028, 0.29179046,
        -0.78637308, -0.54404014, 0.30826598,
    ],
    'nadam': [
        -0.53495193, -0.40253025, 0.048472952, -0.19492972, 0.32781819, 0.43750569, 0.39813256, -0.38158926,
        0.007070221, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.12796555,
        -0.31778812, -0.0026433161, 0.1, 0.2, 0.30000001, -0.057388924, -0.32476631, -0.35438025,
        0, 0.1, 0.2, 0.54361612, -0.093744986, -0.43512768, -0.73979181, -0.32377291,
        0.023186184, 0.42633733, 0.45704675, -0.75960463, -0.28067812, -0.042217977, 0.4494485, 0.3870053,
        -0.75675309, -0.51394063, 0.23557253,
    ],
    'rmsprop': [
        -0.80150956, -0.6407944, 0.22294655, -0.16864739, 0.11678126, 0.32203084, 0.31346315, -0.38346726,
        0.21748686, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.058410779,
        -0.34991667, 0.051589325, 0.1, 0.2, 0.30000001, 0.24647045, -0.51858032, -0.64785117,
        0, 0.1, 0.2, 0.80170923, 0.14406654, -0.7410357, -0.75441307, -0.29587883,
        0.064564735, 0.42267066, 0.37258816, -1.0756978, -0.3109, 0.062894151, 0.38950467, 0.1264393,
        -0.64894229, -0.36106157, 0.2863442,
    ],
    'rmsprop_centered_momentum': [
        -0.81379664, -0.75366378, 0.078912824, -0.19875509, 0.086041644, 0.27405396, 0.17935897, -0.63833761,
        0.62532985, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, 0.018884894,
        -0.34132153, 0.41279113, 0.1, 0.2, 0.30000001, 0.33691502, -0.49839452, -0.73553699,
        0, 0.1, 0.2, 0.80803913, 0.2502324, -0.6922459, -0.60909718, -0.17254674,
        0.071063519, 0.29528588, 0.3355428, -0.78433478, -0.29108119, 0.074285708, 0.26510695, -0.074200481,
        -0.53336096, -0.80832559, 0.20783302,
    ],
    'adagrad': [
        -0.49517292, -0.34484208, -0.08749862, -0.19364461, 0.26613912, 0.3466841, 0.39613932, -0.34246066,
        -0.05835522, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.11175245,
        -0.30593854, -0.014924344, 0.1, 0.2, 0.30000001, -0.18122903, -0.20324497, -0.22883524,
        0, 0.1, 0.2, 0.45919248, -0.12579986, -0.38895446, -0.70274091, -0.27283609,
        0.023309913, 0.34802085, 0.46378288, -0.62133026, -0.23473267, -0.022609677, 0.33158928, 0.42363369,
        -0.66435605, -0.37518692, 0.23337227,
    ],
    'adamax': [
        -0.57270986, -0.42667928, 0.017537214, -0.19607344, 0.32306671, 0.42774016, 0.39089885, -0.34107664,
        -0.043702051, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.12766936,
        -0.32835457, -0.0095642135, 0.1, 0.2, 0.30000001, -0.01543323, -0.31175649, -0.3865751,
        0, 0.1, 0.2, 0.58966607, -0.062370062, -0.47277617, -0.78323239, -0.26097217,
        0.13213451, 0.46546549, 0.36375552, -0.79159921, -0.4089705, 0.049131177, 0.49752992, 0.30983409,
        -0.77564371, -0.52971584, 0.28639752,
    ],
    'adadelta': [
        -0.30428755, -0.20426978, -0.097480118, -0.0062345769, 0.10339137, 0.20557807, 0.30263066, -0.30038518,
        -0.19759496, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.19726655,
        -0.10514334, -0.00070604595, 0.1, 0.2, 0.30000001, -0.29570165, -0.20198353, -0.1042984,
        0, 0.1, 0.2, 0.30429408, -0.29572576, -0.20428754, -0.50429428, -0.247192,
        0.0042801355, 0.25427914, 0.49575251, -0.50429666, -0.2542823, 0.0042045838, 0.2542927, 0.49574748,
        -0.50431335, -0.25431201, 0.10426573,
    ],
    'adam_clipnorm': [
        -0.5983609, -0.48622143, 0.058796428, -0.26319408, 0.37200162, 0.46647227, 0.4188813, -0.40006757,
        0.037640892, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.092914328,
        -0.37139285, 0.0010967273, 0.1, 0.2, 0.30000001, -0.00070323795, -0.35608858, -0.39898714,
        0, 0.1, 0.2, 0.59923804, -0.011233188, -0.4983595, -0.79788554, -0.30747181,
        0.070112891, 0.46363735, 0.38256371, -0.80003059, -0.29496017, -0.007691469, 0.48739985, 0.30872005,
        -0.79621619, -0.54702163, 0.32618576,
    ],
    'adam_global_clipnorm': [
        -0.59911221, -0.48907226, 0.058336236, -0.21741524, 0.39798525, 0.47535431, 0.55114061, -0.57438231,
        0.09037739, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.0006778203,
        -0.37861586, -0.088097185, 0.1, 0.2, 0.30000001, -0.0012060478, -0.35646063, -0.39921027,
        0, 0.1, 0.2, 0.59941399, -0.0086080879, -0.49909502, -0.79933453, -0.30370426,
        0.052465267, 0.46026516, 0.41102454, -0.79705548, -0.25562912, -0.0010226816, 0.41791853, 0.29486242,
        -0.79671454, -0.54251748, 0.32207942,
    ],
    'adagrad_clipvalue': [
        -0.30947736, -0.20947737, -0.096711487, -0.028375547, 0.10071448, 0.21965021, 0.30945852, -0.2905415,
        -0.20197725, -0.1, 0, 0.1, 0.2, 0.30000001, -0.30000001, -0.19054149,
        -0.11565379, -0.0094585167, 0.1, 0.2, 0.30000001, -0.29052266, -0.2019825, -0.10947736,
        0, 0.1, 0.2, 0.30947736, -0.29052266, -0.20947737, -0.50947738, -0.2523618,
        0.0094773583, 0.25947735, 0.49052265, -0.50947738, -0.25947735, 0.0094773583, 0.25947735, 0.49052265,
        -0.50947738, -0.25947735, 0.10947736,
    ],
    'rmsprop_weight_decay': [
        -0.79339433, -0.63079613, 0.20697398, -0.16533551, 0.11206378, 0.3148627, 0.30571789, -0.36819187,
        0.2156347, -0.097029895, 0, 0.097029895, 0.19405979, 0.29108971, -0.29108971, -0.0539339,
        -0.34659186, 0.042496793, 0.097029895, 0.19405979, 0.29108971, 0.25169465, -0.50454849, -0.64126658,
        0, 0.097029895, 0.19405979, 0.7936517, 0.14981182, -0.73898268, -0.74296141, -0.2933532,
        0.062172394, 0.41746005, 0.36206204, -1.0782025, -0.30163175, 0.060371429, 0.38249376, 0.11719933,
        -0.63552141, -0.35577446, 0.28447741,
    ],
}


@pytest.mark.parametrize('name', sorted(OPTIMIZERS))
def test_custom_loop_matches_keras(name):
    np.testing.assert_allclose(train_custom_loop(OPTIMIZERS[name]()), GOLDEN[name], rtol=0, atol=1e-6)


@pytest.mark.parametrize('name', ['adam', 'nadam', 'rmsprop_centered_momentum', 'adadelta', 'adam_clipnorm'])
def test_fit_matches_keras(name):
    np.testing.assert_allclose(train_fit(OPTIMIZERS[name]()), GOLDEN[name], rtol=0, atol=1e-6)


@pytest.mark.parametrize('name', sorted(OPTIMIZERS))
def test_dense_gradients_take_the_dense_path(name):
    """The same gradients made dense follow the dense formula: far from the sparse
    golden where the optimizer squares the gradient, within rounding for SGD."""
    gap = np.abs(train_custom_loop(OPTIMIZERS[name](), densify=True) - GOLDEN[name]).max()
    if name in LINEAR:
        assert gap < 1e-6
    else:
        assert gap > 1e-3


def rows_and_dense(seed=0):
    rng = np.random.default_rng(seed)
    values = rng.normal(size=(5, 3)).astype('float32')
    indices = np.array([4, 1, 4, 0, 4], 'int32')
    dense = np.zeros((6, 3), 'float32')
    np.add.at(dense, indices, values)
    return tf.IndexedSlices(tf.constant(values), tf.constant(indices), [6, 3]), tf.constant(dense)


@pytest.mark.parametrize('name', sorted(set(OPTIMIZERS) - {'adam_global_clipnorm'}))  # (the norm couples them)
def test_other_variables_keep_their_bits_beside_a_sparse_one(name):
    """Dense gradients update as before (flat groups included) when a sparse one joins the call."""
    rng = np.random.default_rng(1)
    inits = [rng.normal(size=s).astype('float32') for s in [(3,), (2, 2), (4,)]]
    grads = [tf.constant(rng.normal(size=i.shape).astype('float32')) for i in inits]
    slices, _ = rows_and_dense()
    alone, mixed = OPTIMIZERS[name](), OPTIMIZERS[name]()
    plain = [tf.Variable(i) for i in inits]
    beside = [tf.Variable(i) for i in inits] + [tf.Variable(np.ones((6, 3), 'float32'))]
    for _ in range(2):
        alone.apply_gradients(zip(grads, plain))
        mixed.apply_gradients(zip(grads + [slices], beside))
    for a, b in zip(plain, beside):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


def test_gradient_accumulation_sums_rows_densely():
    # Keras 3: Adagrad(0.1, gradient_accumulation_steps=2) given rows [[1, 2], [3, 4]] at [1, 1]
    # twice moves row 1 of ones to [0.90031105, 0.9001386] (the rows summed, then averaged).
    v = tf.Variable(np.ones((4, 2), 'float32'))
    optimizer = optim.Adagrad(0.1, gradient_accumulation_steps=2)
    rows = tf.IndexedSlices(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([1, 1]), [4, 2])
    optimizer.apply_gradients([(rows, v)])
    optimizer.apply_gradients([(rows, v)])
    expected = np.ones((4, 2), 'float32')
    expected[1] = [0.90031105, 0.9001386]
    np.testing.assert_allclose(v.numpy(), expected, rtol=0, atol=1e-7)


def test_loss_scale_factor_refuses_the_rows():
    """Keras 3.15 divides each gradient by loss_scale_factor with Python's ``/``, which
    tf.IndexedSlices does not define: TF 2.21 raises this TypeError (see
    test_optim_parity_sparse_schedule_free.py); the LossScaleOptimizer below unscales rows."""
    slices, _ = rows_and_dense()
    b = tf.Variable(np.ones((6, 3), 'float32'))
    with pytest.raises(TypeError, match=r"for /: 'IndexedSlices' and 'float'$"):
        optim.Adam(0.1, loss_scale_factor=2.0).apply_gradients([(slices, b)])
    np.testing.assert_array_equal(b.numpy(), np.ones((6, 3), 'float32'))


def test_loss_scale_optimizer_unscales_the_rows():
    slices, _ = rows_and_dense()
    wrapped = optim.LossScaleOptimizer(optim.Adam(0.1))
    scale = float(wrapped.initial_scale)          # a power of two: unscaling is exact
    scaled = tf.IndexedSlices(slices.values * scale, slices.indices, slices.dense_shape)
    a, b = tf.Variable(np.ones((6, 3), 'float32')), tf.Variable(np.ones((6, 3), 'float32'))
    optim.Adam(0.1).apply_gradients([(slices, a)])
    wrapped.apply_gradients([(scaled, b)])
    np.testing.assert_array_equal(a.numpy(), b.numpy())


@pytest.mark.parametrize('slices, message', [
    (tf.IndexedSlices(tf.ones((2, 3)), tf.constant([0, 1]), [7, 3]), 'dense shape'),
    (tf.IndexedSlices(tf.ones((2, 2)), tf.constant([0, 1])), 'rows of shape'),
    (tf.IndexedSlices(tf.ones((2, 3)), tf.constant([0, 6]), [6, 3]), 'outside the variable'),
])
def test_bad_slices_raise_and_change_nothing(slices, message):
    v = tf.Variable(np.ones((6, 3), 'float32'), name='table')
    optimizer = optim.Adam(0.1)
    with pytest.raises(ValueError, match=message):
        optimizer.apply_gradients([(slices, v)])
    np.testing.assert_array_equal(v.numpy(), np.ones((6, 3)))
