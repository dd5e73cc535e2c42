"""A traced Dense(3) output plus / minus numpy data the tf.function closes over: TF 2.21 regroups only the sum.

Keras 3's TF backend adds a bias of more than one element with tf.nn.bias_add, a BiasAdd node, which grappler's
ConstantPushDown (Add / Sub children only) leaves alone: ``model(X) - Y`` and ``Y - model(X)`` keep Keras's
``(x @ kernel + bias) - Y``; ConstantPushDownBiasAdd makes ``model(X) + Y`` into ``(Y + bias) + x @ kernel`` and a
(3,) vector's sum ``(x @ kernel + C) + bias``; a scalar stays as written. tapeflow regrouped every Dense output as a Dense(1)'s Add
(framework/ops/dense_constant_push_down.py), which left a custom SGD loop on ``square(model(X) - Y)`` an ulp off
from its second step (notes/progs/optimtraj18/p7_fnnp.py).

Golden values printed by TF 2.21 (/work/notes/progs/optimtraj18/gold_biasadd.py under tensorflow-cpu 2.21),
float32 bits, 8 hex digits each:
    r = RandomState(4); X = r.randn(16, 5); Y = r.randn(16, 3)      (float32 numpy, not tensors)
    m = Sequential([Input((5,)), Dense(3)]); m.set_weights([r.randn(5, 3) * 0.5, r.randn(3) * 0.5])
    tf.function(lambda: m(X) - Y)(), then Y - m(X), m(X) + Y, m(X) + np.float32(0.3)
    n = Sequential([Input((5,)), Dense(4, 'tanh'), Dense(3)]), weights r.randn(shape) * 0.5 in order;
    six SGD(0.1) steps of reduce_mean(square(n(X) - Y)) in a tf.function: the losses, then n's last kernel.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

GOLD = {
    'p_minus_y': (
        '3ee32b8e3dd1576c3fb25db03fe6ba1840679892c028dbcc3f4d15723fc93a13bf3129ae3f651527be0daf00bd91dfa8'
        'bfda01be3f05db97bfadcca6bf4cfbf5bf4bf660bfdf1a113dd8a6b03fbb69cebe0f1730bfdfe538c03c5cfdbf382bc4'
        'c01ca32f3f7f1d8ebfabf5c1bda9a554bf7448f73f43f759c0000df83eb4aeb74041ab6c3f208a703fecc353bed890ca'
        'c048acc8c00591c23f1bab23bfa83d65bfb610fec06c5d55be00f308beab37a8bebdbfe43b8a4100be5a0714bf91b38a'
    ),
    'y_minus_p': (
        'bee32b8ebdd1576cbfb25db0bfe6ba18c06798924028dbccbf4d1572bfc93a133f3129aebf6515273e0daf003d91dfa8'
        '3fda01bebf05db973fadcca63f4cfbf53f4bf6603fdf1a11bdd8a6b0bfbb69ce3e0f17303fdfe538403c5cfd3f382bc4'
        '401ca32fbf7f1d8e3fabf5c13da9a5543f7448f7bf43f75940000df8beb4aeb7c041ab6cbf208a70bfecc3533ed890ca'
        '4048acc8400591c2bf1bab233fa83d653fb610fe406c5d553e00f3083eab37a83ebdbfe4bb8a41003e5a07143f91b38a'
    ),
    'p_plus_y': (
        'bfe01216bf7444cac0576da23f1651de3fbbeaef3fb404c0bea843c6bfc1c3533f865aa63f0b5ff5bd28941a3e9cb48e'
        'bfa46c2cbe676e9c3f0d34f73e7baca5bfe4e926c0057f96bfe437b94001a8473fab1addbee535d2bfdb5a56bf78f95e'
        '3f35d5793f1509d6bfa44346bf41546ebf4aad903e91a2ba4004107c3f9a2ff8beadffc8be766fb0bf7b95223fab1cde'
        'bec5d0e4c03f4d883feae60bbfde0a37bf1b34fcbe69e190bf53279ac0333e623f8870dc3f84c7823f913d5f3f6a246c'
    ),
    'p_plus_s': (
        'beb4f4ccbe010086bf2fb0c63fbf57ea4035fa38bea1cc123f0946943ea8871b3ef525373f8283ae3e5749313ed5b7ec'
        'bf98d08e3ee5998abdd32ae83cb88ce0bf7e1789bfcea638bf09e0814002e1ca3f6604c4bf4c65dfc001d1e1bf0bc5c4'
        'bf118ed43f8b7040bf81b61ebdf3bdfcbf12ae763f5331283ea9a3a83f8a143a3fd251d83efc881e3f3bc58f3f41c578'
        'bfbb007ec00f3c723fc2c434bf9cbd68bf36deafbfd49508be339584bfa23ef03f25cdb03f521e903f42c9493e40ade5'
    ),
}

# (gold_biasadd_vec.py) r = RandomState(1); X = r.randn(16, 4); Dense(3) weights r.randn(4, 3),
# r.randn(3) * 1000; C = r.randn(3) * 0.37; tf.function(lambda: m(X) + C)(): (x @ kernel + C) + bias
VECTOR = (
    'c3991e2a444e9711436acc55c39c1789444d6b49436c084dc39b07e5444e7bde436b2137c39aa1d3444e8a21436898fb'
    'c3997206444e89914365e124c398ca75444f8b9a43624df4c39994ef444e862f4369de0cc3984c3f444f52e94365ab15'
    'c3994ac2444e9ba143665763c399ede0444ef8b64363319cc39866c7444eb8324363803ac398a683444ec4084362c03d'
    'c398d56f444f3e0f43660e0cc3991906444ee05f4363fee7c397ddf3444f7ff54363ece5c398b1b6444f956e43641a1f'
)
LOSSES = '3fb56be33fa7b7553f9c2e843f9260fe3f89fd743f82c6d2'
KERNEL = (
    'be2109163e6d75ca3f82d29b3f05abc73f331085be14ce633f7863f8bdf9bf9bbe7219a6bf2182cabc77fbe23ea16aad'
)


def bits(value):
    return ''.join('%08x' % u for u in np.asarray(value, np.float32).ravel().view(np.uint32))


def data():
    r = np.random.RandomState(4)
    return r, r.randn(16, 5).astype('float32'), r.randn(16, 3).astype('float32')


# TF 2.21 on an AVX2 AMD EPYC (oneDNN off: Eigen's products), where tapeflow printed the Xeon's bits above
# (numpy's order; notes/progs/epyc2/vals_tf.txt)
GOLD_AVX2 = {
    'p_minus_y': (
        '3ee32b8e3dd1576c3fb25db03fe6ba1a40679892c028dbcc3f4d15723fc93a13bf3129ae3f651527be0daf00bd91dfa8'
        'bfda01bd3f05db97bfadcca6bf4cfbf5bf4bf65cbfdf1a0f3dd8a6b03fbb69cebe0f1734bfdfe538c03c5cfebf382bc4'
        'c01ca32f3f7f1d8ebfabf5c1bda9a554bf7448f73f43f75ac0000df83eb4aeb94041ab6c3f208a703fecc352bed890cc'
        'c048acc8c00591c23f1bab27bfa83d65bfb610fec06c5d55be00f308beab37a8bebdbfe23b8a4100be5a0714bf91b38a'),
    'y_minus_p': (
        'bee32b8ebdd1576cbfb25db0bfe6ba1ac06798924028dbccbf4d1572bfc93a133f3129aebf6515273e0daf003d91dfa8'
        '3fda01bdbf05db973fadcca63f4cfbf53f4bf65c3fdf1a0fbdd8a6b0bfbb69ce3e0f17343fdfe538403c5cfe3f382bc4'
        '401ca32fbf7f1d8e3fabf5c13da9a5543f7448f7bf43f75a40000df8beb4aeb9c041ab6cbf208a70bfecc3523ed890cc'
        '4048acc8400591c2bf1bab273fa83d653fb610fe406c5d553e00f3083eab37a83ebdbfe2bb8a41003e5a07143f91b38a'),
    'p_plus_y': (
        'bfe01216bf7444cac0576da23f1651e03fbbeaef3fb404c0bea843c6bfc1c3533f865aa63f0b5ff5bd28941a3e9cb48e'
        'bfa46c2bbe676e9c3f0d34f73e7baca3bfe4e924c0057f95bfe437b94001a8473fab1adcbee535d2bfdb5a58bf78f95e'
        '3f35d5793f1509d6bfa44346bf41546ebf4aad903e91a2bc4004107c3f9a2ff8beadffc8be766facbf7b95223fab1cdd'
        'bec5d0e4c03f4d883feae60cbfde0a37bf1b34fcbe69e190bf53279ac0333e623f8870dc3f84c7823f913d5f3f6a246d'),
    'p_plus_s': (
        'beb4f4ccbe010086bf2fb0c63fbf57ec4035fa38bea1cc123f0946943ea8871b3ef525373f8283ae3e5749313ed5b7ec'
        'bf98d08e3ee5998abdd32ae83cb88ce0bf7e1785bfcea636bf09e0814002e1ca3f6604c3bf4c65dfc001d1e2bf0bc5c4'
        'bf118ed43f8b7040bf81b61ebdf3bdfcbf12ae763f5331293ea9a3a93f8a143a3fd251d83efc88203f3bc58e3f41c577'
        'bfbb007ec00f3c723fc2c436bf9cbd68bf36deafbfd49508be339584bfa23ef03f25cdb13f521e903f42c9493e40ade8'),
}


def test_dense_output_and_constant_take_tf_grouping(cpu_kind):
    r, x, y = data()
    keras.utils.set_random_seed(2)
    m = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3)])
    m.set_weights([(r.randn(5, 3) * 0.5).astype('float32'), (r.randn(3) * 0.5).astype('float32')])
    got = {'p_minus_y': tf.function(lambda: m(x) - y)(),
           'y_minus_p': tf.function(lambda: y - m(x))(),
           'p_plus_y': tf.function(lambda: m(x) + y)(),
           'p_plus_s': tf.function(lambda: m(x) + np.float32(0.3))()}
    expected = GOLD_AVX2 if cpu_kind == 'avx2' else GOLD
    for name, value in got.items():
        assert bits(value) == expected[name], name


def test_dense_output_plus_vector_joins_the_product():
    r = np.random.RandomState(1)
    x = r.randn(16, 4).astype('float32')
    m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    m.set_weights([r.randn(4, 3).astype('float32'), (r.randn(3) * 1000).astype('float32')])
    c = (r.randn(3) * 0.37).astype('float32')
    assert bits(tf.function(lambda: m(x) + c)()) == VECTOR


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives ...3fa7b755..., tapeflow ...3fa7b756... (epyc1's report)
@pytest.mark.avx512_bits
def test_traced_sgd_loop_on_dense_output_minus_data():
    r, x, y = data()
    r.randn(5, 3), r.randn(3)       # (the golden script drew the Dense(3) weights of the test above first)
    keras.utils.set_random_seed(2)
    n = keras.Sequential([keras.Input((5,)), keras.layers.Dense(4, activation='tanh'), keras.layers.Dense(3)])
    n.set_weights([(r.randn(*w.shape) * 0.5).astype('float32') for w in n.weights])
    opt = keras.optimizers.SGD(0.1)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(n(x) - y))
        grads = tape.gradient(loss, n.trainable_variables)
        opt.apply_gradients(zip(grads, n.trainable_variables))
        return loss
    assert bits([step() for _ in range(6)]) == LOSSES
    assert bits(n.layers[1].kernel) == KERNEL
