"""A BatchNormalization gamma's SGD step in a returning traced step (fit, a tf.function that returns its
loss) multiplies the gradient d * r by the learning rate as (lr * d) * r, grappler's MinimizeBroadcasts
regrouping (framework/ops/regrouped_step.py); eager steps keep (d * r) * lr. Expected bits printed by
TF 2.21 for the same program (/work/notes/progs/histories2/t1.py, SEED=2 and SEED=6).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

X2 = [1043876669, 3220138047, 1061130599, 1043651012, 1037078777, 3199358918, 3212446908, 1066161499,
    3204477224, 3207230986, 1066239633, 1059409224, 3215580780, 1058103623, 3213489503, 1073126736,
    1074873768, 1055997710, 1074718289, 3217884899, 1057404682, 3218487158, 1041235071, 3217176672,
    3215891996, 1065080193, 3210654819, 3216739845, 3211133456, 3196088793, 1051560245, 3212690632,
    1067047997, 1054124198, 1057403896, 3179690017, 1073474959, 1063675845, 3214418175, 1069579076,
    1077192710, 1056965309, 1075619196, 3197466644, 1062597066, 1041041676, 1044129119, 1072758645]
Y2 = [1032967599, 1063801063, 1035277214, 3210082216, 3196640650, 1060348589, 3191861983, 3211924104,
    3204542972, 3210583873, 1065146924, 1064366055, 1058650998, 1045464447, 1057466578, 3207158600,
    3201561016, 1027942373, 3197292822, 3211304132, 1064787939, 3186636243, 1006835230, 3199512982,
    3203794297, 3194463815, 1059716638, 1056075218, 3195494515, 3212400075, 1058555254, 3203147096,
    1042896562, 3211979517, 1051072585, 3194378782, 3149907331, 3190703577, 3197678857, 1037094453,
    1064444250, 3209052722, 3200203048, 3211434366, 1056186129, 1050757869, 3205634883, 3190455596]
EXPECTED2 = {
    'momentum.fit.gamma': [1059902418, 1061130127, 1061260864],
    'momentum.fit.slot': [[3186657980, 3182332693, 3183242836]],
    'momentum.eager.gamma': [1059902418, 1061130128, 1061260864],
    'momentum.eager.slot': [[3186657980, 3182332692, 3183242836]],
    'nesterov.fit.gamma': [1058375188, 1060042011, 1060051039],
    'nesterov.fit.slot': [[3185921653, 3181744945, 3182701865]],
    'nesterov.eager.gamma': [1058375187, 1060042011, 1060051039],
    'nesterov.eager.slot': [[3185921654, 3181744945, 3182701866]],
    'plain.fit.gamma': [1062960745, 1063582495, 1063502084],
    'plain.fit.slot': [],
    'plain.eager.gamma': [1062960745, 1063582495, 1063502084],
    'plain.eager.slot': [],
}
LOOP2 = [1059902418, 1061130127, 1061260864]

X6 = [1075689243, 3199082935, 1074187031, 3219476589, 3216710024, 1064938153, 1059465870, 1036031628,
    3198507805, 1066297749, 1044596923, 1071052525, 1058477612, 1063579747, 1067255547, 1077731116,
    1074158281, 1032269173, 1075341273, 1074240095, 3218940646, 1070329222, 1073787344, 1071074525,
    1069930533, 1060398640, 3215989967, 1077047927, 1015374020, 3211414898, 1070272122, 1077814649,
    3208171619, 1068344150, 1065269826, 1070274483, 1076622253, 3195452390, 3208337710, 1011518534,
    1071498321, 1070557113, 1023028450, 1077713407, 1048659765, 3188070863, 1069951373, 3217766910]
Y6 = [3192922588, 1057665257, 1057459569, 3202175991, 3206476883, 3177939737, 3198757019, 1055940194,
    3206491482, 3199005454, 1060126389, 1047237049, 1061503317, 1064566466, 1059880776, 3206769396,
    1047691573, 3175331667, 3192146308, 1056419931, 1059512506, 1052483738, 3208163684, 1053798751,
    3210862612, 3206372083, 1062829714, 3192019365, 3207861026, 1052420474, 3207351092, 1050134620,
    3204339933, 3211448533, 1063968176, 3210614873, 1020527379, 3198321445, 1050925469, 1060133064,
    1045739517, 1043504407, 3208909887, 1054310475, 3205974202, 3164459111, 3211608486, 3200059096]
EXPECTED6 = {
    'momentum.fit.gamma': [1060277624, 1061228774, 1060310291],
    'momentum.fit.slot': [[3185847068, 3182524720, 3186219013]],
    'momentum.eager.gamma': [1060277624, 1061228774, 1060310291],
    'momentum.eager.slot': [[3185847068, 3182524720, 3186219014]],
    'nesterov.fit.gamma': [1058821799, 1060109656, 1058806327],
    'nesterov.fit.slot': [[3185167684, 3181961009, 3185554477]],
    'nesterov.eager.gamma': [1058821799, 1060109656, 1058806326],
    'nesterov.eager.slot': [[3185167684, 3181961010, 3185554478]],
    'plain.fit.gamma': [1063096108, 1063574730, 1063060546],
    'plain.fit.slot': [],
    'plain.eager.gamma': [1063096108, 1063574730, 1063060545],
    'plain.eager.slot': [],
}
LOOP6 = [1060277624, 1061228774, 1060310291]

OPTIMIZERS = {'momentum': dict(momentum=0.9), 'nesterov': dict(momentum=0.9, nesterov=True), 'plain': {}}


def _floats(bits):
    return np.array(bits, np.uint32).view(np.float32).reshape(-1, 3)


def _bits(values):
    return np.asarray(values, np.float32).reshape(-1).view(np.uint32).tolist()


def _model():
    keras.utils.set_random_seed(1)
    return keras.Sequential([keras.Input((3,)), keras.layers.BatchNormalization()])


@pytest.mark.parametrize('seed', [2, 6])
@pytest.mark.parametrize('kind', list(OPTIMIZERS))
@pytest.mark.parametrize('mode', ['fit', 'eager'])
def test_sgd_gamma_step_in_the_graphs_order(seed, kind, mode):
    x, y, expected = _floats(globals()['X%d' % seed]), _floats(globals()['Y%d' % seed]), globals()['EXPECTED%d' % seed]
    model = _model()
    model.compile(optimizer=keras.optimizers.SGD(0.05, **OPTIMIZERS[kind]), loss='mse', run_eagerly=mode == 'eager')
    model.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0)
    assert _bits(model.layers[0].gamma.numpy()) == expected['%s.%s.gamma' % (kind, mode)]
    slots = [v for v in model.optimizer.variables if 'gamma' in v.path]
    assert [_bits(v.numpy()) for v in slots] == expected['%s.%s.slot' % (kind, mode)]


@pytest.mark.parametrize('seed', [2, 6])
def test_custom_loop_returning_its_loss(seed):
    x, y = _floats(globals()['X%d' % seed]), _floats(globals()['Y%d' % seed])
    model, optimizer, loss_fn = _model(), keras.optimizers.SGD(0.05, momentum=0.9), keras.losses.MeanSquaredError()

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        optimizer.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        return loss

    for i in range(4):
        step(tf.constant(x[i % 2 * 8:][:8]), tf.constant(y[i % 2 * 8:][:8]))
    assert _bits(model.layers[0].gamma.numpy()) == globals()['LOOP%d' % seed]
