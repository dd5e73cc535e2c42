"""SparseSoftmaxCrossEntropyWithLogits sums its exps as TF's fused Eigen reduction does.

The kernel's row sums take Eigen's packet exp for whole packets of 8 in each row and C's expf
for each row's last classes % 8 values, while its backprop's exp runs in packets over the
whole tensor (losses_nn._summed_exps). Goldens: TF 2.21 on the project's x86 machine,
tf.nn.sparse_softmax_cross_entropy_with_logits and tape.gradient of it on logits
RandomState(seed).randn(3, 10) and labels RandomState(seed).randint(0, 10, 3) drawn after
them (probe /work/notes/progs/deepdense/xent_cases_tf.py); these three differed in one row
before (all 300 seeds probed now match). 30 logits: inside the default exact-math size.
"""
import numpy as np
import pytest

import framework as tf

GOLDEN = {
    9: ('0f841d3eac92eb3d97284e3dcc531b3e5f8dd73ddc7fc23d7d040a3d689dc03d2b1461bfc69da43d90a8883d46244e3e'
        '5db1423dc8cd923d800548bf35a15e3d4d37293ed82b6b3c1b56fc3c1b6d043e657b1e3e7594a63dd50c4a3ec40bec3d'
        '9632073e8133623d89ccc63d2e10e03dfbbe73bfd05c1f3c', '6f4707403a96c23f54844240'),
    37: ('7bfe653dce55ee3dfdbeab3d2255843c48b33abfed5f233ef44ca03df4131b3de5e21e3e7051d43c994b6dbf83b9153e'
         '7366933d9092243d3957293daf82373d45803a3e2396913ec82e833d5a8a543de747773dd8cd0d3d8b37803d753f293c'
         '8fb1243dbdf01b3ed60f8e3eb63c7cbfbb82613d17b0953e', '2943a73f26732740410a8740'),
    157: ('627dcf3d672e863e5611eb3c6dfbeb3c499f2b3eab968a3eaa76523dcae1613c40e67abff94d643deee11c3d34ce873e'
          'ea23483c14004b3d4ad16cbff736143d48aded3d97ae063e5ba75b3eb8ce7b3d996e173e1684823cd846aa3c1c23aa3c'
          '999262bfd858e93c72aaf53c04b08f3dcb323b3e6889bc3e', 'd29c7a40e7d52540bc720a40'),
}


@pytest.mark.parametrize('seed', sorted(GOLDEN))
def test_loss_and_gradient_give_tf_bytes(seed):
    rng = np.random.RandomState(seed)
    logits = tf.constant(rng.randn(3, 10).astype(np.float32))
    labels = rng.randint(0, 10, 3)
    with tf.GradientTape() as tape:
        tape.watch(logits)
        loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits)
    gradient = tape.gradient(loss, logits)
    assert gradient.numpy().tobytes().hex() == GOLDEN[seed][0]
    assert loss.numpy().tobytes().hex() == GOLDEN[seed][1]


def test_few_classes_sum_c_exps_only():
    # fewer classes than a packet: every exp of the sums is C's, and the loss stays log-sum-exp
    logits = tf.constant([[0.5, -1.25, 2.0], [3.0, 0.0, -3.0]])
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits([2, 0], logits).numpy()
    z = logits.numpy().astype(np.float64)
    expected = np.log(np.exp(z).sum(1)) - z[[0, 1], [2, 0]]
    assert np.allclose(loss, expected, rtol=1e-6)


# tf.nn.softmax_cross_entropy_with_logits (Keras's CategoricalCrossentropy from logits): the same
# row sums, and the kernel's backprop exp / sum - labels as the gradient (tapeflow's softmax -
# labels differed on every one of 300 probed cases, the loss on 5). One-hot labels drawn after the
# logits (probe /work/notes/progs/deepdense/cxent_cases_tf.py).
DENSE_GOLDEN = {
    0: ('8b333a3e4f6b3e3d8bcea93da8fb953e8e5f4cbf161d403cce02a53d6164db3c2c36e63cf56a403d36a67c3df2246a3e'
        'a31fea3d830f773d5b7daa3d9db3983d0fa7733e5b2e323d4e96953d1e2e7abf772e473b97b6993dabc9bd3df342983c'
        'd16ec13e4b63153cf665273de19c043d28b751bfddc22d3e', '14f2cc3f782b724064edda3f'),
    170: ('6dcd2b3dec80e33b91589d3dce78f13e05991e3deb2fa13d2968473c29d7173e90a667bfcb08f33c1e1fc13d4de9ad3e'
          'd98dd23db71b6bbf87478f3caecca53d44f7b53dfbe1093ddf8a0f3e0ebca73c3eaafd3da150953e915ac53df12e523d'
          '7d995ebf378cfa3c6e15d43df545923d9311a93d4d74953c', '2c9216406a5f2040cb570240'),
}


@pytest.mark.parametrize('seed', sorted(DENSE_GOLDEN))
def test_dense_labels_loss_and_gradient_give_tf_bytes(seed):
    rng = np.random.RandomState(seed)
    logits = tf.constant(rng.randn(3, 10).astype(np.float32))
    labels = np.eye(10, dtype=np.float32)[rng.randint(0, 10, 3)]
    with tf.GradientTape() as tape:
        tape.watch(logits)
        loss = tf.nn.softmax_cross_entropy_with_logits(labels, logits)
    assert tape.gradient(loss, logits).numpy().tobytes().hex() == DENSE_GOLDEN[seed][0]
    assert loss.numpy().tobytes().hex() == DENSE_GOLDEN[seed][1]


def test_dense_labels_second_derivative_is_softmax_s():
    # the backprop is a constant for the tape; its derivative comes from softmax - labels
    logits = tf.Variable(np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]]))
    labels = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            loss = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels, logits))
        grad = inner.gradient(loss, logits)
        total = tf.reduce_sum(grad * grad)
    hessian_term = outer.gradient(total, logits).numpy()
    p = np.exp(logits.numpy()) / np.exp(logits.numpy()).sum(1, keepdims=True)
    d = p - labels
    expected = 2 * p * (d - (d * p).sum(1, keepdims=True))       # d/dz of sum((softmax - labels)^2)
    assert np.allclose(hessian_term, expected, rtol=1e-10)
