"""Optimizers, pinned to Keras 3 by golden trajectories, and the base class's contract.

Golden values: keras 3.15 on TensorFlow 2.21 (/opt/tfref). For each case,
``keras.optimizers.<Class>(**options)`` applied ``STEPS`` updates with
``apply_gradients([(g0, v0), (g1, v1)])`` to ``keras.Variable``s starting at
INIT0 / INIT1 with the gradients of ``gradients(k)`` below; we recorded v0 after
every step and v1 after the last, printed with 9 significant digits (float32)
or repr (float64). The float64 cases use hyper-parameters exactly
representable in float32, because TensorFlow's ``ops.cast`` rounds Python
floats through float32 before widening them (see the Nadam note below).
"""
import re
import warnings

import numpy as np
import pytest

import framework as tf
import optim
from optim import SGD, Adadelta, Adagrad, Adam, Adamax, AdamW, Nadam, RMSprop
from optim.schedules import CosineDecay, ExponentialDecay

INIT0 = [1.0, -2.0, 3.0]
INIT1 = [[0.5, -0.5], [0.25, 2.0]]
STEPS = 4


def gradients(k, dtype):
    """Step k's gradients: v0's flips sign and grows, v1's has a zero entry at k = 0."""
    g0 = np.array([0.1, -0.2, 0.3]) * (k + 1) * (1 if k % 2 == 0 else -0.5)
    g1 = np.array([[0.05, 0.4], [-0.3, 0.0]]) + 0.1 * k
    return g0.astype(dtype), g1.astype(dtype)


CASES = {
    'sgd': (SGD, {}),
    'sgd_momentum': (SGD, dict(learning_rate=0.1, momentum=0.9)),
    'sgd_nesterov': (SGD, dict(learning_rate=0.1, momentum=0.9, nesterov=True)),
    'sgd_weight_decay': (SGD, dict(learning_rate=0.1, weight_decay=0.05)),
    'sgd_clipnorm': (SGD, dict(learning_rate=0.1, clipnorm=0.25)),
    'sgd_clipvalue': (SGD, dict(learning_rate=0.1, clipvalue=0.15)),
    'sgd_global_clipnorm': (SGD, dict(learning_rate=0.1, global_clipnorm=0.5)),
    'sgd_staircase_schedule': (SGD, dict(learning_rate=lambda: ExponentialDecay(
        initial_learning_rate=0.1, decay_steps=2, decay_rate=0.5, staircase=True), momentum=0.5)),
    'adam': (Adam, {}),
    'adam_amsgrad': (Adam, dict(learning_rate=0.01, amsgrad=True)),
    'adam_betas': (Adam, dict(learning_rate=0.01, beta_1=0.8, beta_2=0.99, epsilon=1e-3)),
    'adam_ema': (Adam, dict(learning_rate=0.01, use_ema=True, ema_momentum=0.9, ema_overwrite_frequency=3)),
    'adam_accumulation': (Adam, dict(learning_rate=0.01, gradient_accumulation_steps=2)),
    'adam_loss_scale': (Adam, dict(learning_rate=0.01, loss_scale_factor=4.0)),
    'adam_cosine_warmup': (Adam, dict(learning_rate=lambda: CosineDecay(
        initial_learning_rate=0.0, decay_steps=3, warmup_target=0.05, warmup_steps=2, alpha=0.1))),
    'adam_float64': (Adam, dict(learning_rate=2**-7, beta_1=0.75, beta_2=0.9375, epsilon=2**-20)),
    'adamw': (AdamW, {}),
    'adamw_amsgrad': (AdamW, dict(learning_rate=0.01, weight_decay=0.1, amsgrad=True)),
    'nadam': (Nadam, {}),
    'nadam_lr': (Nadam, dict(learning_rate=0.01)),
    'nadam_float64': (Nadam, dict(learning_rate=2**-7, beta_1=0.75, beta_2=0.9375, epsilon=2**-20)),
    'nadam_weight_decay_clipnorm': (Nadam, dict(learning_rate=0.01, weight_decay=0.1, clipnorm=0.3)),
    'rmsprop': (RMSprop, {}),
    'rmsprop_momentum_centered': (RMSprop, dict(learning_rate=0.01, momentum=0.5, centered=True)),
    'rmsprop_rho': (RMSprop, dict(learning_rate=0.01, rho=0.8)),
    'adagrad': (Adagrad, {}),
    'adagrad_options': (Adagrad, dict(learning_rate=0.1, initial_accumulator_value=0.5, epsilon=1e-3)),
    'adamax': (Adamax, {}),
    'adamax_beta': (Adamax, dict(learning_rate=0.01, beta_1=0.8)),
    'adadelta': (Adadelta, {}),
    'adadelta_options': (Adadelta, dict(learning_rate=1.0, rho=0.9)),
}

# name: (v0 after each step, v1 after the last step)
GOLDEN = {
    'sgd': (
        [[0.999000013, -1.99800003, 2.99699998],
         [1, -2, 3],
         [0.996999979, -1.99399996, 2.99099994],
         [0.998999953, -1.99799991, 2.99699998]],
        [0.491999984, -0.522000015, 0.255999982, 1.99399996]),
    'sgd_momentum': (
        [[0.99000001, -1.98000002, 2.97000003],
         [0.990999997, -1.98199999, 2.97300005],
         [0.961899996, -1.92379999, 2.88569999],
         [0.955709994, -1.91141999, 2.86713004]],
        [0.359655023, -0.957060099, 0.426369995, 1.90489995]),
    'sgd_nesterov': (
        [[0.981000006, -1.96200001, 2.94300008],
         [0.991900027, -1.98380005, 2.97570014],
         [0.935710013, -1.87142003, 2.8071301],
         [0.950139046, -1.90027809, 2.85041714]],
        [0.293689489, -1.13135386, 0.468733013, 1.85440993]),
    'sgd_weight_decay': (
        [[0.985000014, -1.97000003, 2.95499992],
         [0.990074992, -1.98014998, 2.97022486],
         [0.955124617, -1.91024923, 2.86537385],
         [0.970348954, -1.94069791, 2.91104698]],
        [0.410424024, -0.708678961, 0.304340154, 1.90049875]),
    'sgd_clipnorm': (
        [[0.993318498, -1.986637, 2.97995543],
         [1, -2, 3],
         [0.993318439, -1.98663688, 2.97995543],
         [0.99999994, -1.99999988, 3]],
        [0.471376956, -0.584613085, 0.277367026, 1.9793756]),
    'sgd_clipvalue': (
        [[0.99000001, -1.98500001, 2.9849999],
         [1, -2, 3],
         [0.985000014, -1.98500001, 2.9849999],
         [1, -2, 3]],
        [0.450000048, -0.559999943, 0.289999962, 1.96000004]),
    'sgd_global_clipnorm': (
        [[0.992019117, -1.98403823, 2.97605729],
         [0.99937129, -1.99874258, 2.99811363],
         [0.98797524, -1.97595048, 2.96392536],
         [0.996875107, -1.99375021, 2.9906249]],
        [0.459909827, -0.622625887, 0.2924456, 1.97170079]),
    'sgd_staircase_schedule': (
        [[0.99000001, -1.98000002, 2.97000003],
         [0.995000005, -1.99000001, 2.98500013],
         [0.982500017, -1.96500003, 2.94750023],
         [0.986250043, -1.97250009, 2.95875025]],
        [0.428124994, -0.742500007, 0.348749995, 1.95249999]),
    'adam': (
        [[0.999000013, -1.99900007, 2.99900007],
         [0.999052644, -1.99905264, 2.99905276],
         [0.998492062, -1.99849212, 2.99849224],
         [0.998399138, -1.99839926, 2.99839926]],
        [0.496233553, -0.504003406, 0.253595918, 1.99755597]),
    'adam_amsgrad': (
        [[0.990000367, -1.99000025, 2.99000025],
         [0.990526676, -1.99052656, 2.99052644],
         [0.984921038, -1.98492086, 2.98492074],
         [0.983991861, -1.98399162, 2.98399162]],
        [0.462335676, -0.540033579, 0.285955489, 1.97555864]),
    'adam_betas': (
        [[0.9909091, -1.99047625, 2.99032259],
         [0.991946638, -1.99154937, 2.99140811],
         [0.986067832, -1.98558307, 2.98541212],
         [0.985605359, -1.98511469, 2.98494172]],
        [0.463835716, -0.539865732, 0.283798575, 1.97521019]),
    'adam_ema': (
        [[0.990000367, -1.99000025, 2.99000025],
         [0.990526676, -1.99052656, 2.99052644],
         [0.989539802, -1.98953962, 2.98953986],
         [0.988610625, -1.98861039, 2.98861074]],
        [0.478040814, -0.52293098, 0.270056963, 1.98904288]),
    'adam_accumulation': (
        [[1, -2, 3],
         [1, -2, 3],
         [1, -2, 3],
         [0.992559195, -1.99255896, 2.99255896]],
        [0.480822772, -0.519931734, 0.268030047, 1.98139048]),
    'adam_loss_scale': (
        [[0.990001321, -1.99000072, 2.99000049],
         [0.99052757, -1.99052703, 2.99052668],
         [0.984922111, -1.98492146, 2.98492098],
         [0.983992934, -1.98399222, 2.98399186]],
        [0.462338626, -0.540033042, 0.285958141, 1.97555983]),
    'adam_cosine_warmup': (
        [[1, -2, 3],
         [1.00131571, -2.00131583, 3.00131583],
         [0.973287582, -1.97328758, 2.97328758],
         [0.969686925, -1.96968687, 2.96968699]],
        [0.395078063, -0.613892913, 0.347303331, 1.90619981]),
    'adam_float64': (
        [[0.9921877980118556, -1.9921876490087698, 2.9921875993398115],
         [0.9933038388546647, -1.9933037051442504, 2.9933036605729426],
         [0.9884553998406395, -1.9884552380119933, 2.988455184067869],
         [0.98829684172581, -1.9882966790929237, 2.9882966248807175]],
        [0.46945432356691424, -0.5316409665439124, 0.2769427813851772, 1.9792941828964996]),
    'adamw': (
        [[0.998996019, -1.99899209, 2.99898815],
         [0.999044657, -1.99903667, 2.99902892],
         [0.998480082, -1.99846816, 2.99845648],
         [0.998383164, -1.99836731, 2.99835157]],
        [0.496225566, -0.503995299, 0.253591865, 1.99752402]),
    'adamw_amsgrad': (
        [[0.98900038, -1.98800027, 2.98700023],
         [0.988537669, -1.98653853, 2.98453951],
         [0.981943488, -1.97894633, 2.97594929],
         [0.980032384, -1.9760381, 2.97204423]],
        [0.460396171, -0.537976623, 0.284898669, 1.96759391]),
    'nadam': (
        [[0.99893719, -1.99893725, 2.99893713],
         [0.999608815, -1.99960887, 2.99960876],
         [0.99864471, -1.99864483, 2.99864459],
         [0.999156237, -1.99915636, 2.999156]],
        [0.496026993, -0.503549635, 0.252221853, 1.99699795]),
    'nadam_lr': (
        [[0.989372134, -1.98937213, 2.98937201],
         [0.996088445, -1.99608839, 2.99608827],
         [0.986447513, -1.98644745, 2.98644733],
         [0.991562665, -1.9915626, 2.9915626]],
        [0.460269809, -0.535495996, 0.272218347, 1.96997869]),
    'nadam_float64': (
        [[0.9912498430908008, -1.9912498013670001, 2.9912497874589783],
         [0.9969928336130204, -1.996992819273802, 2.9969928144940323],
         [0.9882987742236025, -1.9882987387301263, 2.9882987268989143],
         [0.9928891214120448, -1.9928890970245625, 2.9928890888953603]],
        [0.464402318431956, -0.5322156087643819, 0.2701148412500184, 1.9725540471630183]),
    'nadam_weight_decay_clipnorm': (
        [[0.988372147, -1.98737216, 2.98637199],
         [0.994100094, -1.99210107, 2.99010181],
         [0.98698312, -1.98398614, 2.98098898],
         [0.991220236, -1.98722625, 2.98323202]],
        [0.459808797, -0.530850768, 0.269994944, 1.96311283]),
    'rmsprop': (
        [[0.996837854, -1.99683774, 2.99683785],
         [0.999131978, -1.99913192, 2.99913192],
         [0.996233165, -1.99623311, 2.99623299],
         [0.997945666, -1.99794567, 2.99794555]],
        [0.488625765, -0.510005176, 0.255897522, 1.99139011]),
    'rmsprop_momentum_centered': (
        [[0.966668546, -1.96666718, 2.96666694],
         [0.972949803, -1.97294819, 2.97294784],
         [0.945883274, -1.94588137, 2.94588089],
         [0.949499369, -1.94949734, 2.94949698]],
        [0.305176675, -0.676082969, 0.363368869, 1.86496902]),
    'rmsprop_rho': (
        [[0.977639854, -1.97763944, 2.97763944],
         [0.994306266, -1.99430609, 2.99430609],
         [0.973544955, -1.97354472, 2.97354484],
         [0.986269593, -1.98626935, 2.98626947]],
        [0.41866222, -0.572528839, 0.29280889, 1.93850684]),
    'adagrad': (
        [[0.99969846, -1.99946547, 2.99931169],
         [0.999987125, -1.99993682, 2.99987864],
         [0.999332488, -1.99912035, 2.99901652],
         [0.999732494, -1.9995985, 2.99951482]],
        [0.498213589, -0.502728045, 0.251309395, 1.99856973]),
    'adagrad_options': (
        [[0.986010909, -1.9728086, 2.96097636],
         [0.999865115, -1.99904728, 2.99732995],
         [0.961485505, -1.93719494, 2.9236238],
         [0.986273408, -1.97531617, 2.9677248]],
        [0.398174435, -0.707554758, 0.326691508, 1.92159665]),
    'adamax': (
        [[0.999000013, -1.99899995, 2.99900007],
         [0.999052644, -1.99905264, 2.99905276],
         [0.998694718, -1.99869466, 2.9986949],
         [0.998634636, -1.99863458, 2.99863482]],
        [0.497078806, -0.503554761, 0.252927572, 1.99839497]),
    'adamax_beta': (
        [[0.99000001, -1.99000001, 2.99000001],
         [0.9911111, -1.99111116, 2.99111104],
         [0.987231314, -1.98723137, 2.98723125],
         [0.986923873, -1.98692393, 2.98692369]],
        [0.469872624, -0.535940468, 0.278438896, 1.98278999]),
    'adadelta': (
        [[0.999998569, -1.99999857, 2.99999857],
         [1, -2, 3],
         [0.999997795, -1.99999774, 2.99999785],
         [0.999999523, -1.9999994, 2.99999952]],
        [0.499991596, -0.500006735, 0.250003159, 1.99999464]),
    'adadelta_options': (
        [[0.999000072, -1.99899995, 2.99900007],
         [1.00002599, -2.00002599, 3.00002599],
         [0.998450875, -1.99845088, 2.99845076],
         [0.999690294, -1.99969041, 2.99969029]],
        [0.494044065, -0.504792511, 0.252277195, 1.99618268]),
}

# Relative tolerance per case. float32 cases agree with Keras to the printed
# digits. Keras's Nadam casts its 0.96 decay constant through float32 for u(t)
# but not for u_product; tapeflow does the same (optim/keras_cast.py), so the
# float64 run agrees to the printed digits too.
RTOL = {'adam_float64': 1e-14, 'nadam_float64': 1e-14}


def _run(case):
    cls, options = CASES[case]
    options = {k: (v() if callable(v) else v) for k, v in options.items()}
    dtype = 'float64' if 'float64' in case else 'float32'
    optimizer = cls(**options)
    v0 = tf.Variable(np.array(INIT0, dtype), name='v0')
    v1 = tf.Variable(np.array(INIT1, dtype), name='v1')
    trajectory = []
    for k in range(STEPS):
        g0, g1 = gradients(k, dtype)
        optimizer.apply_gradients(zip([tf.constant(g0), tf.constant(g1)], [v0, v1]))
        trajectory.append(v0.numpy().copy())
    return optimizer, v0, v1, np.array(trajectory)


@pytest.mark.parametrize('case', sorted(CASES))
def test_trajectory_matches_keras(case, backend):
    optimizer, v0, v1, trajectory = _run(case)
    assert backend.holds(v0) and all(backend.holds(s) for s in optimizer.variables[2:])
    expected_v0, expected_v1 = GOLDEN[case]
    rtol = RTOL.get(case, 1e-6)
    np.testing.assert_allclose(trajectory, expected_v0, rtol=rtol, atol=1e-12)
    np.testing.assert_allclose(v1.numpy().ravel(), expected_v1, rtol=rtol, atol=1e-12)
    assert v0.dtype == v1.dtype == np.dtype('float64' if 'float64' in case else 'float32')
    assert all(s.dtype == v0.dtype for s in optimizer.variables[2:] if s.shape)
    assert int(optimizer.iterations) == (STEPS // 2 if 'accumulation' in case else STEPS)


# ---- defaults and configs ---------------------------------------------------------------------
BASE_DEFAULTS = {'weight_decay': None, 'clipnorm': None, 'global_clipnorm': None, 'clipvalue': None,
                 'use_ema': False, 'ema_momentum': 0.99, 'ema_overwrite_frequency': None,
                 'loss_scale_factor': None, 'gradient_accumulation_steps': None}
# get_config() of each default Keras 3 optimizer, less 'name' (learning rates are float32 values).
KERAS_DEFAULTS = {
    SGD: dict(learning_rate=0.009999999776482582, momentum=0.0, nesterov=False),
    Adam: dict(learning_rate=0.0010000000474974513, beta_1=0.9, beta_2=0.999, epsilon=1e-07, amsgrad=False),
    AdamW: dict(learning_rate=0.0010000000474974513, beta_1=0.9, beta_2=0.999, epsilon=1e-07, amsgrad=False,
                weight_decay=0.004),
    Nadam: dict(learning_rate=0.0010000000474974513, beta_1=0.9, beta_2=0.999, epsilon=1e-07),
    RMSprop: dict(learning_rate=0.0010000000474974513, rho=0.9, momentum=0.0, epsilon=1e-07, centered=False),
    Adagrad: dict(learning_rate=0.0010000000474974513, initial_accumulator_value=0.1, epsilon=1e-07),
    Adamax: dict(learning_rate=0.0010000000474974513, beta_1=0.9, beta_2=0.999, epsilon=1e-07),
    Adadelta: dict(learning_rate=0.0010000000474974513, rho=0.95, epsilon=1e-07),
}


@pytest.mark.parametrize('cls', list(KERAS_DEFAULTS), ids=lambda c: c.__name__)
def test_defaults_and_config_match_keras(cls):
    config = cls().get_config()
    name = config.pop('name')
    assert name.split('_')[0] in cls.__name__.lower().replace('rmsprop', 'rm')
    assert config == dict(BASE_DEFAULTS, **KERAS_DEFAULTS[cls])


@pytest.mark.parametrize('cls', list(KERAS_DEFAULTS), ids=lambda c: c.__name__)
def test_config_round_trip(cls):
    original = cls(learning_rate=0.25, clipnorm=1.5, name='mine')
    config = original.get_config()
    again = cls.from_config(config)
    assert type(again) is cls and again.get_config() == config and again.name == 'mine'
    via_get = optim.get(optim.serialize(original))
    assert type(via_get) is cls and via_get.get_config() == config


def test_config_round_trip_with_schedule_and_keras2_keys():
    original = Adam(learning_rate=ExponentialDecay(0.1, 10, 0.5, staircase=True))
    config = original.get_config()
    assert config['learning_rate'] == {
        'module': 'keras.optimizers.schedules', 'class_name': 'ExponentialDecay', 'registered_name': None,
        'config': {'initial_learning_rate': 0.1, 'decay_steps': 10, 'decay_rate': 0.5, 'staircase': True,
                   'name': 'ExponentialDecay'}}
    again = Adam.from_config(dict(config, jit_compile=True, is_legacy_optimizer=False))
    assert isinstance(again._learning_rate, ExponentialDecay) and again.get_config() == config


def test_auto_names_are_keras_snake_case_and_unique():
    first, second = RMSprop(), RMSprop()
    assert first.name.startswith('rm_sprop') and second.name != first.name
    assert AdamW().name.startswith('adam_w')


def test_get_by_name_instance_and_config():
    for name in ('adam', 'SGD', 'RMSprop', 'nadam', 'AdamW', 'adagrad', 'adamax', 'adadelta'):
        assert type(optim.get(name)).__name__.lower() == name.lower()
    adam = Adam()
    assert optim.get(adam) is adam
    assert optim.get(None) is None
    with pytest.raises(ValueError, match="Unknown optimizer 'adamm'.*adam, adamax"):
        optim.get('adamm')
    with pytest.raises(ValueError, match='Could not interpret optimizer identifier'):
        optim.get(3)


# ---- constructor arguments ----------------------------------------------------------------------
def test_lr_alias_warns_and_sets_the_rate():
    with pytest.warns(DeprecationWarning, match='`lr` argument is deprecated'):
        optimizer = Nadam(lr=.01)
    assert float(optimizer.learning_rate) == np.float32(0.01)
    with pytest.raises(TypeError, match='both learning_rate=0.1 and its deprecated alias lr=0.2'):
        SGD(learning_rate=0.1, lr=0.2)


def test_unknown_keyword_suggests_the_closest():
    """Keras 3.15's text ("Argument(s) not recognized: {...}"); tapeflow's suggestion rides in a note."""
    for make, hint in ((lambda: Adam(learnig_rate=0.1), "'learnig_rate' (did you mean 'learning_rate'?)"),
                       (lambda: SGD(nesterow=True), "'nesterow' (did you mean 'nesterov'?)"),
                       (lambda: RMSprop(zzz=1), "unexpected keyword argument(s) 'zzz';")):
        with pytest.raises(TypeError, match=r'^Argument\(s\) not recognized: {') as caught:
            make()
        assert hint in caught.value.__notes__[0]


def test_decay_is_ignored_with_a_warning_as_keras3():
    with pytest.warns(UserWarning, match='`decay` is no longer supported'):
        optimizer = SGD(learning_rate=0.1, decay=0.5)
    assert float(optimizer.learning_rate) == np.float32(0.1)


@pytest.mark.parametrize('options, message', [
    (dict(clipnorm=1.0, clipvalue=1.0), 'Only one of `clipnorm`, `clipvalue` and `global_clipnorm`'),
    (dict(clipnorm=1.0, global_clipnorm=1.0), 'Only one of'),
    (dict(learning_rate='fast'), 'should be float, or an instance of LearningRateSchedule'),
    (dict(beta_1='a'), '`beta_1` must be a number'),     # any number trains, as Keras (errors10)
    (dict(use_ema=True, ema_momentum=1.5), '`ema_momentum` must be in the range \\[0, 1\\]'),
    (dict(gradient_accumulation_steps=1), '`gradient_accumulation_steps` must be an integer >= 2'),
])
def test_bad_options_raise(options, message):
    with pytest.raises(ValueError, match=message):
        Adam(**options)


def test_adamw_needs_weight_decay_and_sgd_momentum_range():
    with pytest.raises(ValueError, match='`weight_decay` must be a float'):
        AdamW(weight_decay=None)
    with pytest.raises(ValueError, match=r'`momentum` must be a float between \[0, 1\]'):
        SGD(momentum=1.5)


# ---- learning rate and iterations ------------------------------------------------------------------
def test_learning_rate_is_a_settable_float32_variable():
    optimizer = SGD(learning_rate=0.1)
    assert isinstance(optimizer.learning_rate, tf.Variable) and optimizer.learning_rate.dtype == np.float32
    optimizer.learning_rate = 0.5
    assert float(optimizer.learning_rate) == 0.5
    optimizer.learning_rate = 0.25
    assert optimizer.get_config()['learning_rate'] == 0.25
    w = tf.Variable([1.0])
    optimizer.apply_gradients([(tf.constant([1.0]), w)])
    assert w.numpy()[0] == 0.75


def test_learning_rate_schedule_and_callable():
    optimizer = SGD(learning_rate=ExponentialDecay(1.0, 1, 0.5))
    assert 'learning_rate' not in [v.path.split('/')[-1] for v in optimizer.variables]
    # Keras 3.15's words (keras/src/optimizers/base_optimizer.py, _set_learning_rate)
    with pytest.raises(TypeError, match='created with a `LearningRateSchedule` object as its `learning_rate` '
                                        'constructor argument, hence its learning rate is not settable'):
        optimizer.learning_rate = 0.1
    optimizer.iterations.assign(2)
    assert float(optimizer.learning_rate) == 0.25
    rates = iter([0.5, 0.25])
    by_callable = SGD(learning_rate=lambda: next(rates))
    w = tf.Variable([0.0])
    for _ in range(2):
        by_callable.apply_gradients([(tf.constant([-1.0]), w)])
    assert w.numpy()[0] == 0.75
    replaced = SGD(learning_rate=0.1)
    replaced.learning_rate = ExponentialDecay(1.0, 1, 0.5)
    assert len(replaced.variables) == 1 and float(replaced.learning_rate) == 1.0


def test_iterations_is_an_int64_variable():
    optimizer = Adam()
    w = tf.Variable([1.0, 2.0])
    for _ in range(3):
        optimizer.apply_gradients([(tf.constant([0.1, 0.1]), w)])
    assert isinstance(optimizer.iterations, tf.Variable) and optimizer.iterations.dtype == np.int64
    assert int(optimizer.iterations) == 3 and optimizer.iterations.numpy() == 3
    assert not optimizer.iterations.trainable


# ---- apply_gradients: what it accepts and refuses ---------------------------------------------------
def test_seed_program_nadam_with_zip_over_a_tape():
    tf.random.set_seed(0)
    w = tf.Variable(tf.random.normal((3, 1)), name='dense/kernel')
    b = tf.Variable(tf.zeros((1,)), name='dense/bias')
    x = tf.constant(np.linspace(-1, 1, 24, dtype=np.float32).reshape(8, 3))
    y = tf.constant(np.sum(x.numpy(), axis=1, keepdims=True) * 2.0 + 1.0)
    with pytest.warns(DeprecationWarning):
        optimizer = Nadam(lr=.01)
    losses = []
    for _ in range(150):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
        gradients = tape.gradient(loss, [w, b])
        optimizer.apply_gradients(zip(gradients, [w, b]))
        losses.append(float(loss))
    assert losses[-1] < 0.25 * losses[0] and all(b < a for a, b in zip(losses, losses[1:]))
    assert int(optimizer.iterations) == 150


def test_generator_is_consumed_once():
    optimizer = SGD(learning_rate=1.0)
    w = tf.Variable([1.0])
    optimizer.apply_gradients(((g, v) for g, v in [(tf.constant([0.5]), w)]))
    assert w.numpy()[0] == 0.5


def test_none_gradient_is_skipped_with_a_warning():
    optimizer = Adam(learning_rate=0.1)
    v0, v1 = tf.Variable([1.0], name='first'), tf.Variable([2.0], name='second')
    with pytest.warns(UserWarning, match="Gradients do not exist for variables \\['first:0'\\]"):
        optimizer.apply_gradients([(None, v0), (tf.constant([1.0]), v1)])
    assert v0.numpy()[0] == 1.0 and v1.numpy()[0] != 2.0
    # Slots exist for both (Keras builds on every variable passed), the skipped one untouched.
    assert optimizer.get_slot(v0, 'momentum').numpy()[0] == 0.0
    assert optimizer.get_slot(v1, 'momentum').numpy()[0] != 0.0


def test_all_none_gradients_raise_and_change_nothing():
    optimizer = Adam()
    v0, v1 = tf.Variable([1.0], name='first'), tf.Variable([2.0], name='second')
    with pytest.raises(ValueError, match="No gradients provided for any variable.\n.*\\['first', 'second'\\]"):
        optimizer.apply_gradients(zip([None, None], [v0, v1]))
    # TF 2.21 builds before it filters the empty gradients (Keras 3's apply): built, no step taken
    assert int(optimizer.iterations) == 0 and optimizer.built
    assert v0.numpy().tolist() == [1.0] and v1.numpy().tolist() == [2.0]


def test_none_gradient_error_says_why_when_the_tape_knows():
    optimizer = SGD()
    frozen = tf.Variable([1.0], trainable=False, name='frozen')
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(frozen * 2.0)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        grads = tape.gradient(loss, [frozen])
    with pytest.raises(ValueError, match='frozen: it is a non-trainable Variable'):
        optimizer.apply_gradients(zip(grads, [frozen]))


def _snapshot(optimizer, variables):
    return [v.numpy().copy() for v in list(variables) + optimizer.variables]


@pytest.mark.parametrize('bad_gradient, error, message', [
    (tf.constant([1.0, 2.0, 3.0]), ValueError, "gradient for variable 'second' has shape \\(3,\\) but the "
                                               "variable has shape \\(2, 2\\)"),
    # a list of numbers converts (as in Keras); one of strings does not
    ([['a', 'b'], ['c', 'd']], TypeError, "gradient for variable 'second' must be a Tensor or an array, got list"),
])
def test_a_bad_second_pair_changes_nothing(bad_gradient, error, message):
    optimizer = Adam(learning_rate=0.1)
    v0 = tf.Variable([1.0, -1.0], name='first')
    v1 = tf.Variable(np.ones((2, 2), np.float32), name='second')
    optimizer.apply_gradients([(tf.constant([0.5, 0.5]), v0), (tf.constant(np.ones((2, 2), np.float32)), v1)])
    before = _snapshot(optimizer, [v0, v1])
    with pytest.raises(error, match=message):
        optimizer.apply_gradients([(tf.constant([0.5, 0.5]), v0), (bad_gradient, v1)])
    after = _snapshot(optimizer, [v0, v1])
    assert len(before) == len(after) and all(np.array_equal(a, b) for a, b in zip(before, after))


def test_non_variables_and_non_pairs_are_refused():
    optimizer = SGD()
    with pytest.raises(TypeError, match='item 0: expected a framework.Variable to update, got EagerTensor'):
        optimizer.apply_gradients([(tf.constant([1.0]), tf.constant([1.0]))])
    with pytest.raises(TypeError, match='expected \\(gradient, variable\\) pairs'):
        optimizer.apply_gradients([tf.constant([1.0])])
    with pytest.raises(TypeError, match='only floating-point variables can be trained'):
        optimizer.apply_gradients([(tf.constant([1]), tf.Variable([1]))])
    # Keras 3 zips gradients with variables: the second variable is built but not updated (TF 2.21). A fresh
    # optimizer: TF 2.21's was built on the integer variable before its update failed, and now refuses others
    # as unknown ('Unknown variable: ...')
    first, second = tf.Variable([1.0]), tf.Variable([2.0])
    with pytest.raises(ValueError, match='^Unknown variable: '):
        optimizer.apply([tf.constant([1.0])], [first, second])
    optimizer = SGD()
    optimizer.apply([tf.constant([1.0])], [first, second])
    assert first.numpy().tolist() == [np.float32(0.99)] and second.numpy().tolist() == [2.0]


def test_numpy_gradients_are_cast_to_the_variable_dtype():
    optimizer = SGD(learning_rate=0.5)
    w = tf.Variable([1.0, 1.0])
    optimizer.apply_gradients([(np.array([1.0, 2.0]), w)])       # float64 array, float32 variable
    assert w.dtype == np.float32 and w.numpy().tolist() == [0.5, 0.0]


def test_apply_without_variables_uses_the_built_ones():
    optimizer = SGD(learning_rate=1.0)
    with pytest.raises(ValueError, match='must already be built'):
        optimizer.apply([tf.constant([1.0])])
    w = tf.Variable([3.0])
    optimizer.build([w])
    optimizer.apply([tf.constant([1.0])])
    assert w.numpy()[0] == 2.0


def test_updates_are_not_recorded_on_an_active_tape():
    optimizer = Adam(learning_rate=0.1)
    w = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        optimizer.apply_gradients([(tf.constant([1.0, 1.0]), w)])
        loss = tf.reduce_sum(w * 3.0)
    assert tape.watched_variables() == (w,)            # slots are never read through ops
    np.testing.assert_allclose(tape.gradient(loss, w).numpy(), [3.0, 3.0])
    np.testing.assert_allclose(w.numpy(), [0.9, 1.9], rtol=1e-5)


# ---- clipping and weight decay ------------------------------------------------------------------------
def test_clip_options_on_a_known_gradient():
    grad = np.array([3.0, 4.0], np.float32)            # norm 5
    for options, expected in [(dict(clipnorm=1.0), [0.6, 0.8]), (dict(clipvalue=3.5), [3.0, 3.5]),
                              (dict(global_clipnorm=10.0), [3.0, 4.0]), (dict(clipnorm=0.0), [3.0, 4.0])]:
        w = tf.Variable([0.0, 0.0])
        SGD(learning_rate=1.0, **options).apply_gradients([(grad, w)])
        np.testing.assert_allclose(-w.numpy(), expected, rtol=1e-6)
    a, b = tf.Variable([0.0, 0.0]), tf.Variable([0.0])
    SGD(learning_rate=1.0, global_clipnorm=6.5).apply_gradients([(grad, a), (np.array([12.0], np.float32), b)])
    np.testing.assert_allclose(-np.concatenate([a.numpy(), b.numpy()]), [1.5, 2.0, 6.0], rtol=1e-6)


def test_exclude_from_weight_decay():
    optimizer = SGD(learning_rate=0.5, weight_decay=0.1)
    kernel, bias, other = tf.Variable([1.0], name='dense/kernel'), tf.Variable([1.0], name='dense/bias'), \
        tf.Variable([1.0], name='other')
    optimizer.exclude_from_weight_decay(var_list=[other], var_names=['bias'])
    zero = tf.constant([0.0])
    optimizer.apply_gradients([(zero, kernel), (zero, bias), (zero, other)])
    assert kernel.numpy()[0] == np.float32(0.95) and bias.numpy()[0] == 1.0 and other.numpy()[0] == 1.0
    # after updates have begun Keras 3 accepts a new choice (it replaces the last one) from the next update on
    optimizer.exclude_from_weight_decay(var_names=['kernel'])
    optimizer.apply_gradients([(zero, kernel), (zero, bias), (zero, other)])
    assert kernel.numpy()[0] == np.float32(0.95) and bias.numpy()[0] == np.float32(0.95) and \
        other.numpy()[0] == np.float32(0.95)


def test_finalize_variable_values_writes_the_moving_average():
    optimizer = SGD(learning_rate=1.0, use_ema=True, ema_momentum=0.5)
    w = tf.Variable([0.0])
    for _ in range(2):
        optimizer.apply_gradients([(tf.constant([-1.0]), w)])
    assert w.numpy()[0] == 2.0                          # average: 1 after step 1, 0.5 * 1 + 0.5 * 2 after step 2
    optimizer.finalize_variable_values([w])
    assert w.numpy()[0] == 1.5


def test_minimize_with_a_callable_loss_and_with_a_tape():
    optimizer = SGD(learning_rate=0.25)
    w = tf.Variable([2.0])
    optimizer.minimize(lambda: tf.reduce_sum(w * w), [w])
    assert w.numpy()[0] == 1.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * w)
    optimizer.minimize(loss, lambda: [w], tape=tape)
    assert w.numpy()[0] == 0.5
    with pytest.raises(ValueError, match='`tape` is required'):
        optimizer.minimize(loss, [w])


# ---- state: Keras's variables list and the structured slot state ---------------------------------------
def test_variables_follow_keras_order_and_names():
    v0, v1 = tf.Variable([1.0], name='a'), tf.Variable([[1.0]], name='b')
    grads = [tf.constant([1.0]), tf.constant([[1.0]])]
    expected = {
        Adam(amsgrad=True, name='adam'): ['iteration', 'learning_rate', 'a_momentum', 'a_velocity', 'b_momentum',
                                          'b_velocity', 'a_velocity_hat', 'b_velocity_hat'],
        RMSprop(momentum=0.5, centered=True, name='rms'): [
            'iteration', 'learning_rate', 'a_velocity', 'b_velocity', 'a_momentum', 'b_momentum',
            'a_average_gradient', 'b_average_gradient'],
        Adam(use_ema=True, gradient_accumulation_steps=2, name='ema'): [
            'iteration', 'learning_rate', 'a_average', 'b_average', 'a_gradient_accumulator',
            'b_gradient_accumulator', 'a_momentum', 'a_velocity', 'b_momentum', 'b_velocity'],
        Nadam(name='nadam'): ['iteration', 'learning_rate', 'a_momentum', 'a_velocity', 'b_momentum', 'b_velocity'],
        SGD(name='sgd'): ['iteration', 'learning_rate'],
    }
    for optimizer, names in expected.items():
        optimizer.apply_gradients(zip(grads, [v0, v1]))
        # a plain tf.Variable has no path in Keras 3.15: its slots are named after 'a:0' ('a_0_momentum')
        names = [n.replace('a_', 'a_0_', 1) if n.startswith('a_') else n.replace('b_', 'b_0_', 1)
                 if n.startswith('b_') else n for n in names]
        variables = optimizer.variables
        if isinstance(optimizer, Nadam):
            # Keras 3 makes Nadam's momentum product without a name: 'variable', 'variable_1', ..., under
            # apply's name scope (TF 2.21 printed path 'nadam_1/variable_2'; a direct build() leaves it unscoped)
            product = variables.pop()
            assert product.path == 'nadam/' + product.name and re.fullmatch(r'variable(_\d+)?', product.name)
        assert [v.path for v in variables] == ['%s/%s' % (optimizer.name, n) for n in names]
        assert [v.name for v in variables] == names
        # (Nadam's product, popped above, is trainable: Keras makes it with backend.Variable(1.0); TF 2.21 printed
        # ('variable', True))
        assert all(not v.trainable for v in variables)


@pytest.mark.parametrize('cls', list(KERAS_DEFAULTS), ids=lambda c: c.__name__)
def test_saved_state_resumes_training_exactly(cls, backend):
    """Train 2 steps, save; restore into fresh optimizers both ways; 2 more steps agree bit for bit."""
    def train(optimizer, variables, steps):
        for k in steps:
            optimizer.apply_gradients(zip(gradients(k, 'float32'), variables))

    def fresh_copies(variables):
        return [tf.Variable(v.numpy(), name=v.path) for v in variables]

    variables = [tf.Variable(np.array(INIT0, np.float32), name='v0'),
                 tf.Variable(np.array(INIT1, np.float32), name='v1')]
    first = cls(learning_rate=0.05)
    train(first, variables, range(2))
    state, store = first.get_slot_state(variables), {}
    first.save_own_variables(store)

    by_slot_state, by_slot_state_vars = cls(learning_rate=0.05), fresh_copies(variables)
    by_slot_state.set_slot_state(by_slot_state_vars, state)
    by_store, by_store_vars = cls(learning_rate=0.05), fresh_copies(variables)
    by_store.build(by_store_vars)
    by_store.load_own_variables(store)

    for optimizer, weights in ((first, variables), (by_slot_state, by_slot_state_vars), (by_store, by_store_vars)):
        train(optimizer, weights, range(2, 4))
        assert int(optimizer.iterations) == 4
    assert all(backend.holds(v) for v in by_store.variables + by_slot_state.variables)
    for original, a, b in zip(variables, by_slot_state_vars, by_store_vars):
        np.testing.assert_array_equal(original.numpy(), a.numpy())
        np.testing.assert_array_equal(original.numpy(), b.numpy())


def test_set_slot_state_validates_before_assigning():
    w = tf.Variable([1.0, 2.0], name='w')
    optimizer = Adam()
    optimizer.apply_gradients([(tf.constant([1.0, 1.0]), w)])
    state = optimizer.get_slot_state([w])
    assert state['iterations'] == 1 and sorted(state['slots'][0]) == ['momentum', 'velocity']
    assert sorted(state['extras']) == ['learning_rate']
    before = _snapshot(optimizer, [w])
    bad = dict(state, iterations=7, slots=[{'momentum': np.zeros(2), 'velocity': np.zeros(3)}])
    with pytest.raises(ValueError, match="saved value of shape \\(3,\\) for 'adam.*/w_0_velocity' of shape \\(2,\\)"):
        optimizer.set_slot_state([w], bad)
    with pytest.raises(ValueError, match="has slots \\['momentum'\\] in the state"):
        optimizer.set_slot_state([w], dict(state, slots=[{'momentum': np.zeros(2)}]))
    with pytest.raises(ValueError, match='holds slots for 1 variables but 2 were given'):
        optimizer.set_slot_state([w, tf.Variable([1.0])], state)
    assert all(np.array_equal(a, b) for a, b in zip(before, _snapshot(optimizer, [w])))


def test_load_own_variables_count_mismatch_warns_and_loads_nothing():
    optimizer = SGD(momentum=0.5)
    with pytest.warns(UserWarning, match='has 2 variables whereas the saved optimizer has 3'):
        optimizer.load_own_variables({'0': np.int64(4), '1': np.float32(0.1), '2': np.zeros(2)})
    assert int(optimizer.iterations) == 0
    with pytest.raises(ValueError, match='has not yet been built'):
        optimizer.set_weights([np.int64(4), np.float32(0.1)])
