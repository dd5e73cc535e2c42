"""float64 softmax, log_softmax and reduce_logsumexp, forward and backward, carry TF 2.21's bits.

TF's Softmax / LogSoftmax kernels exp the shifted logits over the whole (rows, classes) tensor with Eigen's
float64 exp (packets of 4) and sum each row in Eigen's order; reduce_logsumexp is composed of the Exp, Sum and
Log kernels. tapeflow took numpy's exp and log for float64 (gradfuzz4's unary sweep: a quarter of the values
an ulp off). Values printed by TF 2.21 as float.hex; logits rounded to 3 digits from RandomState(11).
"""
import numpy as np
import pytest

import framework as tf

_RNG = np.random.RandomState(11)
X = np.round(_RNG.uniform(-4, 4, (6, 9)), 3)
W = np.round(_RNG.uniform(-1, 1, (6, 9)), 3)
TF_BITS = {
    'softmax': (
        '0x1.d2e50a851beb2p-10 0x1.02133e95464a5p-11 0x1.18c39fa823e86p-6 0x1.1c98c8643208bp-3 '
        '0x1.8e156aec41064p-7 0x1.4f20faaf52d36p-6 0x1.e904750a55f20p-12 0x1.5488b50bb5479p-6 '
        '0x1.9356f5dc9fef6p-1 0x1.fc2c4629fa0ebp-3 0x1.82d2dd8340726p-4 0x1.57c7729bdba2bp-11 '
        '0x1.66c47d64586dcp-2 0x1.0b618a0425bb4p-2 0x1.0dd89f56144dep-10 0x1.624a46ea4adb4p-5 '
        '0x1.53638ac0eff1dp-12 0x1.6e80122e3343bp-11 0x1.167f1cf8ddc11p-7 0x1.39780651fdaa2p-9 '
        '0x1.2c442ba6b0a00p-2 0x1.e25990f1e29c0p-2 0x1.5d1dd1a52544ap-7 0x1.1bd6abc57005fp-7 '
        '0x1.b10c2198b6ad9p-10 0x1.5b2e6a98a1287p-10 0x1.9ecef7f6f7b0fp-3 0x1.14e9aeaa43074p-5 '
        '0x1.c905cdb8cbba1p-12 0x1.a8f5fb9096234p-7 0x1.c6ee29bef9e7bp-8 0x1.f96ded5f20ed7p-3 '
        '0x1.64ef87a922b3fp-4 0x1.1aca1b562a2e2p-5 0x1.7be0bebf44462p-6 0x1.1bc17c219b12dp-1 0x1.9ce455e0165f1p-1 '
        '0x1.26c6b007edd07p-8 0x1.0ce809827b824p-9 0x1.687eebb5299c7p-3 0x1.069b54aa77e71p-11 '
        '0x1.6cc05f1451c24p-8 0x1.1458dbf30d7bep-11 0x1.fbf0a457b03e4p-9 0x1.152d6994b680ep-11 '
        '0x1.dadcf6743826ep-9 0x1.94b2f0ac55302p-3 0x1.fcc52938d55fep-2 0x1.9cdfdbbce2c4ap-3 0x1.04b7b5ec4b7e1p-5 '
        '0x1.91fe8a51e733cp-5 0x1.a3d7a8b9ceb9fp-8 0x1.67aa4f77ac038p-10 0x1.7dbcb5701f096p-7 '),
    'log_softmax': (
        '-0x1.9527a8629d4cbp+2 -0x1.e7757b544748ap+2 -0x1.0442482114156p+2 -0x1.f93a476dc92a9p+0 '
        '-0x1.1a4660b488d1dp+2 -0x1.f1dca0a475fdbp+1 -0x1.eaea37bec6428p+2 -0x1.efd056ea17c87p+1 '
        '-0x1.e88a8d59ce736p-3 -0x1.64cfe3e2c65bbp+0 -0x1.2e0dd5455afcbp+1 -0x1.d51b6583f52c7p+2 '
        '-0x1.0c7df85da7a37p+0 -0x1.57c18ddeadc83p+0 -0x1.b83e3669556e0p+2 -0x1.9205a41e7183ep+1 '
        '-0x1.01254011d9d1ap+3 -0x1.d102d20f38c1fp+2 -0x1.3123ab5e34b2fp+2 -0x1.824a94d709b0ep+2 '
        '-0x1.3a0fb39daffafp+0 -0x1.816f4676c4502p-1 -0x1.22ace2a9fb5aep+2 -0x1.2fec5f978cc35p+2 '
        '-0x1.99f8a951eaf8ap+2 -0x1.a81d868105985p+2 -0x1.98c805893519bp+0 -0x1.b1901e0f6f1d5p+1 '
        '-0x1.ef3ed7bbf0e6bp+2 -0x1.1617ee431be8cp+2 -0x1.3e17ee431be8cp+2 -0x1.6632aab66b8aap+0 '
        '-0x1.3858d248c72dbp+1 -0x1.aedffd4ad3777p+1 -0x1.e1d1a746bae40p+1 -0x1.2e3015efe983bp-1 '
        '-0x1.b89aa6bf63d1bp-3 -0x1.59dd68aab7891p+2 -0x1.8c1ad94e8e935p+2 -0x1.bcb51f986f8c9p+0 '
        '-0x1.e65849f2659d9p+2 -0x1.4c3b9dea3476ap+2 -0x1.e314b4715f78bp+2 -0x1.63669ff67e310p+2 '
        '-0x1.e2e38d87e6a3bp+2 -0x1.67b5dea17d62ap+2 -0x1.9f1903bd41516p+0 -0x1.6621a52cafb14p-1 '
        '-0x1.99fa4b6b55cc4p+0 -0x1.b946e013e025ap+1 -0x1.81da54d04aa4ap+1 -0x1.433afd59cf4e4p+2 '
        '-0x1.a5dabbd098026p+2 -0x1.1cf55b8f0ecb2p+2 '),
    'reduce_logsumexp': (
        '0x1.e2e2c581a5185p+1 0x1.0cc979fed6742p+2 0x1.a63f25957fed2p+1 0x1.0bb9b9039efb3p+2 0x1.06ebbeaed01c8p+2 '
        '0x1.f8a30909a2b50p+1 '),
    'softmax_grad': (
        '0x1.fa26c72de993ep-11 -0x1.9bddff4cf36fdp-12 -0x1.efce8eef503b0p-7 0x1.5f37245ed56dbp-4 '
        '-0x1.01ed16c48b8f3p-8 0x1.406900be922cap-7 0x1.0a88c10fd60d4p-12 0x1.40cbf8a9479aep-6 '
        '-0x1.8cc197a6e58f5p-4 -0x1.26eef8628e976p-3 0x1.e85b633219039p-6 0x1.3e8118a2bb1c3p-13 '
        '0x1.5debf9b53c7b7p-9 0x1.5b3052cb79f07p-4 -0x1.ce275705a195cp-17 0x1.b5a21df890e5ap-6 '
        '-0x1.ab358c8bc0ac8p-13 0x1.0752abf71f4cbp-13 0x1.11a591cab814cp-7 -0x1.377afa93de994p-11 '
        '0x1.6f074d2a067ddp-4 -0x1.67aad80de9f5cp-4 0x1.f33a99299b47dp-15 -0x1.b3a4b9390e82ap-8 '
        '-0x1.7c651b9618a4fp-10 0x1.a1b7fee2c20eap-11 -0x1.2f0515e9a7465p-9 -0x1.ab80a2ea35e36p-9 '
        '0x1.f6c456c75e459p-15 -0x1.ada02c1f803f5p-8 -0x1.145d6d0407b79p-8 -0x1.fbb2b1f45b7a3p-3 '
        '0x1.5e86f8611e63bp-6 0x1.6df14d350a70ap-7 0x1.7d6eadff1524cp-9 0x1.cfab866c43535p-3 '
        '-0x1.e944077b5e421p-6 0x1.162011d46c6d1p-12 -0x1.fd533752c2d3dp-10 0x1.233c9bef91cb1p-5 '
        '-0x1.5d487003b30bep-12 -0x1.4d67ae5de227ep-9 -0x1.8023a7e449560p-12 -0x1.8e496780c7ae1p-11 '
        '-0x1.1c5e74432bc59p-17 0x1.79a2980561f09p-10 -0x1.7c02f735cb704p-6 -0x1.42f10dfca74d9p-3 '
        '0x1.82b5688077dc3p-3 -0x1.378e9bc768ca0p-8 0x1.8a5b6f1168c83p-8 -0x1.deef5ed8e26cap-9 '
        '-0x1.b38dd10704a51p-13 -0x1.bca0cef993303p-8 '),
    'log_softmax_grad': (
        '0x1.dc9d6ecfa96a0p-2 -0x1.bf910ed0253e5p-1 -0x1.edbed5d83b3aep-1 0x1.fd963ef26ae20p-2 '
        '-0x1.9d7b3781a9d9ap-2 0x1.951cecc690b06p-2 0x1.e01b64842ecf4p-2 0x1.b812610d017f2p-1 '
        '-0x1.c775c0546bfdfp-2 -0x1.0f454a4cb61f8p+0 0x1.4505bffa72900p-2 0x1.0dcc14b33f211p-1 '
        '-0x1.954faaa370caap-1 -0x1.8ff2fa9afc954p-3 0x1.1f84470722301p-2 0x1.8f2c079134e06p-1 '
        '-0x1.5501613839058p-2 0x1.e6351d74f49fep-2 0x1.d0e3f26cef6acp-1 -0x1.50a457b294f61p-2 '
        '0x1.fe9a31395c4cap-2 0x1.63e7df5826f42p-3 -0x1.125eeda381e4ap-4 -0x1.af07f78e9ec13p-1 '
        '-0x1.eb3ca8e3ebefcp-1 0x1.0a5d8b104ee76p-1 0x1.8ad0e08279986p-4 0x1.65ce4354f30f4p-3 '
        '0x1.ea9427a0c7f97p-2 -0x1.85d6d2d6e1decp-3 -0x1.1e59f3c485718p-2 -0x1.2eb74066ada40p+0 '
        '0x1.9deaec814159cp-2 0x1.2fb780f902aa1p-1 0x1.ad28cab277fa1p-2 -0x1.abdba3a653386p-2 '
        '0x1.9325d6a90b728p-4 0x1.904791410ec1fp-2 -0x1.3aa0170e9e2d2p-1 0x1.f7ade467e3390p-2 '
        '-0x1.5417fa322df87p-2 -0x1.00be9ff5bf60cp-3 -0x1.72d1fb03644d5p-2 0x1.16a1acbf33481p-3 '
        '0x1.4479b19adfd4ap-2 0x1.48eaefcae6eb0p-3 0x1.47628ff1d06ccp-3 0x1.819b5a5a0d83fp-1 0x1.3974ce187ae3ap+0 '
        '-0x1.3f1bd3aee9ed8p-2 0x1.8f07f47714e60p-8 -0x1.999bd1caa1ba8p-1 -0x1.93d3d6e0050dcp-2 '
        '-0x1.98a2bf5106130p-1 '),
}
# reduce_logsumexp's gradient is the softmax itself: TF 2.21 printed the same bits for both
TF_BITS['reduce_logsumexp_grad'] = TF_BITS['softmax']


def _floats(hexes):
    return np.array([float.fromhex(h) for h in hexes.split()])


@pytest.fixture(scope='module')
def computed():
    x = tf.constant(X, tf.float64)
    w = tf.constant(W, tf.float64)
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        out = {'softmax': tf.nn.softmax(x), 'log_softmax': tf.nn.log_softmax(x),
               'reduce_logsumexp': tf.reduce_logsumexp(x, axis=1)}
        losses = {'softmax': tf.reduce_sum(out['softmax'] * w), 'log_softmax': tf.reduce_sum(out['log_softmax'] * w),
                  'reduce_logsumexp': out['reduce_logsumexp']}
    for name, loss in losses.items():
        out[name + '_grad'] = t.gradient(loss, x)
    return out


@pytest.mark.parametrize('name', sorted(TF_BITS))
def test_float64_softmax_family_has_tfs_bits(computed, name):
    np.testing.assert_array_equal(computed[name].numpy().ravel(), _floats(TF_BITS[name]))
