"""A Dense kernel under Keras's l1_l2 penalty gets its three gradients added in TensorFlow's order.

Seed 002's custom training loop (section 12.3.9) with ``keras.regularizers.l1_l2(0.01, 0.02)`` in place of
its ``l2(0.05)``: the kernel is read by the layer's matmul, the penalty's abs and its square, and TF 2.21's
eager tape adds the three gradients as (abs, square) + matmul, because its queue visits the short penalty
chains before the model's deeper ones. tapeflow's fused nodes (Dense's matmul + bias + elu, the mean
squared error, the L2 sum) count as the ops they stand for in that queue (framework/backward_order.py);
counted as one op each, the matmul's gradient came first and 12 of these 30 first-kernel gradients were an
ulp off; the seed loop's printed mean loss drifted (TF 2.6813, tapeflow 2.6814 after 3 epochs of 31 steps).
Values: TensorFlow 2.21 (notes progs/seeds/t_l1l2_golden.py, t_bias_golden.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

TF_LOSS = np.float32(2.5254755)
TF_KERNEL_GRADIENT = [
    -0.5380220413208008, 0.7555233836174011, -0.8586344122886658, 0.13891136646270752, 0.28594905138015747,
    -1.1508233547210693, 0.1098686084151268, -0.08146711438894272, 0.17172588407993317,
    -0.05479757860302925, -0.032661404460668564, 0.08820571005344391, 0.04459594935178757,
    0.10313153266906738, -0.15630191564559937, 0.042202435433864594, 0.043589573353528976,
    -0.05793552100658417, -0.22608095407485962, -0.30650630593299866, 0.4102092683315277,
    -0.11600885540246964, 0.09049782902002335, 0.7902733087539673, -0.4509458839893341, 0.32214027643203735,
    -0.3395702838897705, 0.09553629159927368, 0.23848286271095276, -0.3534269630908966]
TF_OUTPUT_KERNEL_GRADIENT = [
    -0.33475929498672485, 1.3875240087509155, 1.7008488178253174, -0.365709125995636, -0.9212084412574768,
    2.7269814014434814]


def _seed_loop_gradients(regularizer):
    rng = np.random.RandomState(3)
    x = rng.randn(16, 5).astype('float32')
    y = rng.randn(16, 1).astype('float32')
    weights = [(rng.randn(5, 6) * 0.7).astype('float32'), (rng.randn(6) * 0.1).astype('float32'),
               (rng.randn(6, 1) * 0.7).astype('float32'), np.float32([0.05])]
    model = keras.models.Sequential([keras.Input((5,)),
                                     keras.layers.Dense(6, activation='elu', kernel_regularizer=regularizer),
                                     keras.layers.Dense(1, kernel_regularizer=regularizer)])
    model.set_weights(weights)
    with tf.GradientTape() as tape:
        y_pred = model(x, training=True)
        main_loss = tf.reduce_mean(keras.losses.mse(y, y_pred))
        loss = tf.add_n([main_loss] + model.losses)
    return loss, tape.gradient(loss, model.trainable_variables)


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives kernel gradient[0] -0.5380221009254456 (Xeon -0.5380220413208008)
# and tapeflow, with the Xeon's kernels forced, 1.387524127960205 at [1] (Xeon 1.3875240087509155); epyc1's report
@pytest.mark.avx512_bits
def test_l1_l2_kernel_gradients_add_in_tensorflows_order():
    loss, grads = _seed_loop_gradients(keras.regularizers.l1_l2(0.01, 0.02))
    assert loss.numpy() == TF_LOSS
    assert grads[0].numpy().ravel().tolist() == np.float32(TF_KERNEL_GRADIENT).tolist()
    assert grads[2].numpy().ravel().tolist() == np.float32(TF_OUTPUT_KERNEL_GRADIENT).tolist()


def test_fused_nodes_read_their_inputs_at_their_ops_turns():
    from framework.backward_order import tf_turns
    x, k, b = object(), object(), object()
    assert tf_turns((None, (x, k, b), None, 'affine_elu')) == (3, 3, 2)     # Elu, Add (bias), MatMul
    assert tf_turns((None, (x, k), None, 'affine_relu')) == (2, 2)          # no bias
    assert tf_turns((None, (x, k, b), None, 'affine')) == (2, 2, 1)
    assert tf_turns((None, (x,), None, 'sum_of_squares')) == (3,)           # Mul, Sum, Square
    assert tf_turns((None, (x, k), None, 'multiply')) == (1, 1)


# The Xeon's bits (with the Xeon's kernels emulated elsewhere numpy's own products still differ: -0.50798035 at [0])
@pytest.mark.avx512_bits
def test_l1_l2_bias_gradients_follow_kerass_zero_plus_penalties():
    assert _bias_gradients() == [np.float32(-0.5079804), np.float32(0.3008196), np.float32(1.9384196)]


def test_l1_l2_bias_gradients_on_an_avx2_cpu(cpu_kind):
    # TF 2.21 on an AVX2 AMD EPYC gives these, and so does tapeflow there since its products follow TF's Eigen
    # order (eigen_avx2_product.py; epyc2's cmpv.sh)
    if cpu_kind != 'avx2':
        pytest.skip('TF 2.21 measured on an AVX2 CPU without oneDNN')
    assert _bias_gradients() == [np.float32(-0.50798035), np.float32(0.30081967), np.float32(1.9384196)]


def _bias_gradients():
    # Keras's L1L2 adds each penalty to convert_to_tensor(0.0): the l1 chain is Add, Add, Mul, Sum, Abs.
    # With an activity regularizer on the same Dense(1), TF 2.21 adds the bias's gradients as
    # (square + the layer's) + abs; without that first Add tapeflow visited abs before square.
    keras.utils.set_random_seed(42)
    rng = np.random.RandomState(0)
    x = rng.randn(8, 8).astype('float32')
    y = rng.randn(8, 1).astype('float32')
    model = keras.models.Sequential([
        keras.Input((8,)), keras.layers.Dense(6, activation='elu'),
        keras.layers.Dense(1, bias_regularizer=keras.regularizers.l1_l2(0.01, 0.01),
                           activity_regularizer=keras.regularizers.l2(0.001))])
    bias = model.layers[1].bias
    got = []
    for value in (-1.0, -0.6, 0.2):
        bias.assign([value])
        with tf.GradientTape() as tape:
            y_pred = model(x, training=True)
            loss = tf.add_n([tf.reduce_mean(keras.losses.mse(y, y_pred))] + model.losses)
        got.append(tape.gradient(loss, bias).numpy()[0])
    return got


def test_softmax_classifier_kernel_gradients_under_l1_l2():
    # categorical_crossentropy of a softmax output runs tf.nn.softmax_cross_entropy_with_logits on the logits:
    # Reshape, SoftmaxCrossEntropyWithLogits, Reshape in TF's queue. As one turn, the output kernel's
    # matmul gradient came before its penalties' and 5 of 18 values were an ulp off (TF: t_cce_golden.py).
    rng = np.random.RandomState(0)
    x = rng.randn(16, 5).astype('float32')
    labels = rng.randint(0, 3, size=(16,))
    rng.randint(0, 2, size=(16, 1))
    weights = [(rng.randn(5, 6) * 0.7).astype('float32'), (rng.randn(6) * 0.1).astype('float32'),
               (rng.randn(6, 3) * 0.7).astype('float32'), (rng.randn(3) * 0.1).astype('float32')]
    regularizer = keras.regularizers.l1_l2(0.01, 0.02)
    model = keras.models.Sequential([keras.Input((5,)),
                                     keras.layers.Dense(6, activation='relu', kernel_regularizer=regularizer),
                                     keras.layers.Dense(3, activation='softmax', kernel_regularizer=regularizer)])
    model.set_weights(weights)
    with tf.GradientTape() as tape:
        y_pred = model(x, training=True)
        main_loss = tf.reduce_mean(keras.losses.categorical_crossentropy(tf.one_hot(labels, 3), y_pred))
        loss = tf.add_n([main_loss] + model.losses)
    got = tape.gradient(loss, model.trainable_variables)[2].numpy().ravel()
    assert got.tolist() == np.float32([
        -0.09672752022743225, 0.32534343004226685, -0.20994038879871368, -0.2830348014831543,
        0.5340580940246582, -0.243914395570755, -0.193002387881279, 0.3689090311527252, -0.1486256718635559,
        -0.1815110296010971, 0.3251328468322754, -0.17897170782089233, -0.2676089107990265,
        0.36127379536628723, -0.1084502711892128, -0.36435383558273315, 0.7416995763778687,
        -0.23639141023159027]).tolist()
