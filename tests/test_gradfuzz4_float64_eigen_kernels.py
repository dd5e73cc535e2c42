"""float64 exp, log, log1p, expm1, tanh, sigmoid, softplus, erf, erfc, gelu, atan and atanh, and their
gradients, carry TF 2.21's bits.

TF's CPU kernels evaluate float64 tensors in Eigen's packets of 4 doubles (pexp_double, plog_double,
Kahan's log1p / expm1, ptanh_double, the logistic functor, the Softplus kernel's select, generic_fast_erf /
erfc, generic_atan, patanh_double) and the last
size % 4 values with C's functions; tapeflow took numpy's, which differ in the last bit on 10-60% of
values (gradfuzz4's op-chain fuzz: most of its float64 programs printed other last digits). Values
printed by TF 2.21 (tensorflow-cpu, x86) as float.hex, on 23 values: five packets and a tail of 3.
"""
import numpy as np
import pytest

import framework as tf

X = np.round(np.linspace(-9.0, 9.0, 23) + 0.123, 3)
FUNCTIONS = {'exp': tf.exp, 'log': lambda v: tf.math.log(tf.abs(v)), 'log1p': lambda v: tf.math.log1p(tf.abs(v)),
             'expm1': tf.math.expm1, 'tanh': tf.tanh, 'sigmoid': tf.sigmoid, 'softplus': tf.math.softplus}
TF_BITS = {
    'exp': (
        '0x1.24aee62019111p-13 0x1.4b9acdee442f6p-12 0x1.77b3ba1498b9ep-11 0x1.aa16e4c7b8d20p-10 '
        '0x1.e2c0639a07874p-9 0x1.11796cc3dead3p-7 0x1.35d7657755113p-6 0x1.5f0b6c6ea7c6cp-5 0x1.8dba252e49f6dp-4 '
        '0x1.c3118285233d5p-3 0x1.ff0d5f41762eap-2 0x1.2181a433867e4p+0 0x1.48016606f4e40p+1 0x1.739fca781c4c4p+2 '
        '0x1.a576f3313e62ap+3 0x1.dd8300a61e062p+4 0x1.0e818aab2319dp+6 0x1.327a766dce782p+7 0x1.5b3c005beafc4p+8 '
        '0x1.89690281ae255p+9 0x1.be2c28ad6c1dep+10 0x1.f9815932114f2p+11 0x1.1e5d360444320p+13 '),
    'exp_grad': (
        '0x1.24aee62019111p-13 0x1.4b9acdee442f6p-12 0x1.77b3ba1498b9ep-11 0x1.aa16e4c7b8d20p-10 '
        '0x1.e2c0639a07874p-9 0x1.11796cc3dead3p-7 0x1.35d7657755113p-6 0x1.5f0b6c6ea7c6cp-5 0x1.8dba252e49f6dp-4 '
        '0x1.c3118285233d5p-3 0x1.ff0d5f41762eap-2 0x1.2181a433867e4p+0 0x1.48016606f4e40p+1 0x1.739fca781c4c4p+2 '
        '0x1.a576f3313e62ap+3 0x1.dd8300a61e062p+4 0x1.0e818aab2319dp+6 0x1.327a766dce782p+7 0x1.5b3c005beafc4p+8 '
        '0x1.89690281ae255p+9 0x1.be2c28ad6c1dep+10 0x1.f9815932114f2p+11 0x1.1e5d360444320p+13 '),
    'log': (
        '0x1.177bbcbe550fep+1 0x1.0b1beaebb4c85p+1 0x1.fad181b682097p+0 0x1.dc173d20cb612p+0 0x1.b93606c696b00p+0 '
        '0x1.90d163075aadcp+0 0x1.60d5ca74e22f8p+0 0x1.25bc2aca4994ap+0 0x1.b1861affa46b5p-1 0x1.a8085f1bcb12cp-2 '
        '-0x1.74935f7d91413p-2 -0x1.0c3bab03ad16dp+1 -0x1.f22c4cbd156f4p-5 0x1.21265153f7b77p-1 '
        '0x1.e4df01a983f98p-1 0x1.38fc333b22970p+0 0x1.703bca1cbab48p+0 0x1.9da6378a1e6d4p+0 0x1.c435854d55794p+0 '
        '0x1.e5b6c2df3e829p+0 0x1.01af7eba333b6p+1 0x1.0ef531cc5ff4bp+1 0x1.1afb73a39b830p+1 '),
    'log_grad': (
        '-0x1.cd6aca0b042e7p-4 -0x1.fc406bbfd54eap-4 -0x1.1ad5780712230p-3 -0x1.3ee75d5bec8c0p-3 '
        '-0x1.6d74080a3b91ap-3 -0x1.abea2d251f218p-3 -0x1.0210842108421p-2 -0x1.4514514514514p-2 '
        '-0x1.b71ba9ef505b6p-2 -0x1.5266890d5de80p-1 -0x1.70586722fe289p+0 0x1.0429a0429a043p+3 '
        '0x1.100d0ef67a6c5p+0 0x1.231310bc9dc33p-1 0x1.8d3506f37cebfp-2 0x1.2d87fd9676cdap-2 0x1.e5ffc1cac8797p-3 '
        '0x1.96fec76d7b51dp-3 0x1.5e15e15e15e16p-3 0x1.332379792a89ep-3 0x1.118a722288d6cp-3 0x1.ed326607b4c9ap-4 '
        '0x1.c0f9a15286f93p-4 '),
    'log1p': (
        '0x1.2525900b97668p+1 0x1.1a14c42f77bf3p+1 0x1.0df7b321550edp+1 0x1.0091c53f85e89p+1 0x1.e33eb409e0d18p+0 '
        '0x1.c164984c33310p+0 0x1.9a5f583e1c965p+0 0x1.6c50d3ea3cae3p+0 0x1.341d57913ef0fp+0 0x1.d7cbde030ef15p-1 '
        '0x1.0e2c6ea513e57p-1 0x1.db26ab996d0c2p-4 0x1.538f622c29dc8p-1 0x1.03ce6899c840cp+0 0x1.46598dd0c1d1cp+0 '
        '0x1.7b0ed4754b737p+0 0x1.a6beb29a755e5p+0 0x1.cc0d585b38a3cp+0 0x1.ec9b8f46e3b50p+0 0x1.04be3ecaa4fd9p+1 '
        '0x1.11bb88aed6408p+1 0x1.1d82b96dfe295p+1 0x1.284bb235b1edep+1 '),
    'log1p_grad': (
        '-0x1.9eb368f1fa598p-4 -0x1.c425a4285aa7dp-4 -0x1.f106ed647e1eep-4 -0x1.13efb841ac40ep-3 '
        '-0x1.361d75ffb09c5p-3 -0x1.61f5344c19d6dp-3 -0x1.9c3d02e2bb280p-3 -0x1.ed7e75346f093p-3 '
        '-0x1.3352ab7c773ddp-2 -0x1.977b2941e8fa3p-2 -0x1.2e109d12e109ep-1 0x1.c7ebf07fa8769p-1 '
        '0x1.07c8140c224abp-1 0x1.732622b3d2594p-2 0x1.1e3182eef8b3cp-2 0x1.d1e0c942633b7p-3 0x1.88c9e4b381211p-3 '
        '0x1.5385c59a24ab2p-3 0x1.2afa64e7b5417p-3 0x1.0b15801117e77p-3 0x1.e29ed7abc860cp-4 0x1.b83185923a0cfp-4 '
        '0x1.949f85cdc6b20p-4 '),
    'expm1': (
        '-0x1.ffedb5119dfe7p-1 -0x1.ffd68ca642378p-1 -0x1.ffa213117ad9dp-1 -0x1.ff2af48d9c239p-1 '
        '-0x1.fe1d3f9c65f88p-1 -0x1.fbba1a4cf0855p-1 -0x1.f65144d445579p-1 -0x1.ea0f493915839p-1 '
        '-0x1.ce48bb5a36c12p-1 -0x1.8f3b9f5eb730bp-1 -0x1.0079505f44e8bp-1 0x1.0c0d219c33f21p-3 '
        '0x1.9002cc0de9c7fp+0 0x1.339fca781c4c5p+2 0x1.8576f3313e62ap+3 0x1.cd8300a61e062p+4 0x1.0a818aab2319dp+6 '
        '0x1.307a766dce782p+7 0x1.5a3c005beafc4p+8 0x1.88e90281ae255p+9 0x1.bdec28ad6c1dep+10 '
        '0x1.f9615932114f2p+11 0x1.1e55360444320p+13 '),
    'expm1_grad': (
        '0x1.24aee62019111p-13 0x1.4b9acdee442f6p-12 0x1.77b3ba1498b9ep-11 0x1.aa16e4c7b8d20p-10 '
        '0x1.e2c0639a07874p-9 0x1.11796cc3dead3p-7 0x1.35d7657755113p-6 0x1.5f0b6c6ea7c6cp-5 0x1.8dba252e49f6dp-4 '
        '0x1.c3118285233d5p-3 0x1.ff0d5f41762eap-2 0x1.2181a433867e4p+0 0x1.48016606f4e40p+1 0x1.739fca781c4c4p+2 '
        '0x1.a576f3313e62ap+3 0x1.dd8300a61e062p+4 0x1.0e818aab2319dp+6 0x1.327a766dce782p+7 0x1.5b3c005beafc4p+8 '
        '0x1.89690281ae255p+9 0x1.be2c28ad6c1dep+10 0x1.f9815932114f2p+11 0x1.1e5d360444320p+13 '),
    'tanh': (
        '-0x1.fffffeb1608bep-1 -0x1.fffff949d952ep-1 -0x1.ffffdd8a00939p-1 -0x1.ffff4eb411d56p-1 '
        '-0x1.fffc71aa21a6ep-1 -0x1.ffedbe101e0e2p-1 -0x1.ffa2482883438p-1 -0x1.fe1f818cbee72p-1 '
        '-0x1.f66f6ac37a997p-1 -0x1.d09fe80db4428p-1 -0x1.33ce73f710a39p-1 0x1.f5485708226a0p-4 '
        '0x1.78ab3a489e27bp-1 0x1.e28119eeaeccbp-1 0x1.fa217a11436d2p-1 0x1.feda03f59cffbp-1 0x1.ffc6b14b05642p-1 '
        '0x1.fff4d64438c8dp-1 0x1.fffdd36a741aap-1 0x1.ffff9399aefb5p-1 0x1.ffffeaee3568bp-1 0x1.fffffbe584b0dp-1 '
        '0x1.ffffff3369296p-1 '),
    'tanh_grad': (
        '0x1.4e9f73b000000p-24 0x1.ad89a87800000p-22 0x1.13aff21c80000p-19 0x1.62979ef030000p-17 '
        '0x1.c7295a87bc000p-15 0x1.2419c8c440000p-12 0x1.76bd0edc5ba00p-10 0x1.df9cfca56e700p-8 '
        '0x1.2f36c65cc91c0p-5 0x1.6977e5d87e604p-3 0x1.46f397af4bf88p-1 0x1.f854d78dd22e4p-1 0x1.d5c89243c5232p-2 '
        '0x1.ca5664f842628p-4 0x1.757a5130eccc0p-6 0x1.25a7a3a905880p-8 0x1.ca5bff8b4a400p-11 '
        '0x1.653393ff60000p-13 0x1.164a2eaf74000p-15 0x1.b199162c40000p-18 0x1.511ca28580000p-20 '
        '0x1.069ed2be00000p-22 0x1.992dacf000000p-25 '),
    'sigmoid': (
        '0x1.24a47184168f0p-13 0x1.4b7ff77f99c15p-12 0x1.776edab5dfb70p-11 0x1.a965e2624fe6fp-10 '
        '0x1.e0fae2aefa966p-9 0x1.0f35fa5c6a57bp-7 0x1.301735f6b505fp-6 0x1.509ea800b2df4p-5 0x1.6a86820d48a67p-4 '
        '0x1.71a729a6e5aaep-3 0x1.54e96ea002517p-2 0x1.0fb963e8a19e5p-1 0x1.70484ce8de725p-1 0x1.b4c77995b4052p-1 '
        '0x1.dbde89bf22ac8p-1 0x1.ef668d88bf561p-1 0x1.f88a114146a32p-1 0x1.fcae33f654155p-1 0x1.fe879c1d614b3p-1 '
        '0x1.ff59a08687de8p-1 0x1.ffb6994329021p-1 0x1.ffdf98cce5d1ap-1 0x1.fff1b2b629c6dp-1 '),
    'sigmoid_grad': (
        '0x1.2499fd47b1d74p-13 0x1.4b65233cfa09dp-12 0x1.772a07f747867p-11 0x1.a8b52985c2313p-10 '
        '0x1.df370bcb02bd5p-9 0x1.0cf753b587c73p-7 0x1.2a72596da2576p-6 0x1.42c9a12605ba0p-5 0x1.4a707725a90f7p-4 '
        '0x1.2eeebf3f95973p-3 0x1.c6d46be63a05ap-3 0x1.fe1180125fb03p-3 0x1.9d815091c6878p-3 0x1.00adc32e74b82p-3 '
        '0x1.0ca5fb7f243a6p-4 0x1.00fad52c9c275p-5 0x1.d686835d7341cp-7 0x1.a624ca1743eacp-8 0x1.774f2fd65f2ecp-9 '
        '0x1.4c52d2fb1fd3cp-10 0x1.2570dbda1c792p-11 0x1.032930f7f02c9p-12 0x1.c99c721097194p-14 '),
    'softplus': (
        '0x1.24a9abc227e57p-13 0x1.4b8d625a3ec46p-12 0x1.7791484a5aafep-11 0x1.a9be5750fe292p-10 '
        '0x1.e1dd5c01e614cp-9 0x1.1056e6162e777p-7 0x1.32f2b4f232818p-6 0x1.57bb3790a3226p-5 0x1.7b952deb3f0c7p-4 '
        '0x1.97a9c9d3210fcp-3 0x1.9e90718524588p-2 0x1.8358d52b3432ep-1 0x1.453dd18b3a7bap+0 0x1.eafb49445cda0p+0 '
        '0x1.5359e9976d32ap+1 0x1.b6e817b18c12bp+1 0x1.0ea2ac90e5928p+2 0x1.4276dbc4f080dp+2 0x1.769584366529ap+2 '
        '0x1.aad5526358d56p+2 0x1.df342f8c52bacp+2 0x1.09c495dfc3236p+3 0x1.23f08289fcaecp+3 '),
    'softplus_grad': (
        '0x1.24a47184168f0p-13 0x1.4b7ff77f99c15p-12 0x1.776edab5dfb70p-11 0x1.a965e2624fe6fp-10 '
        '0x1.e0fae2aefa966p-9 0x1.0f35fa5c6a57bp-7 0x1.301735f6b505fp-6 0x1.509ea800b2df4p-5 0x1.6a86820d48a67p-4 '
        '0x1.71a729a6e5aaep-3 0x1.54e96ea002517p-2 0x1.0fb963e8a19e5p-1 0x1.70484ce8de725p-1 0x1.b4c77995b4052p-1 '
        '0x1.dbde89bf22ac8p-1 0x1.ef668d88bf561p-1 0x1.f88a114146a32p-1 0x1.fcae33f654155p-1 0x1.fe879c1d614b3p-1 '
        '0x1.ff59a08687de8p-1 0x1.ffb6994329021p-1 0x1.ffdf98cce5d1ap-1 0x1.fff1b2b629c6dp-1 '),
}


def _floats(hexes):
    return np.array([float.fromhex(h) for h in hexes.split()])


@pytest.mark.parametrize('name', sorted(FUNCTIONS))
def test_float64_values_and_gradients_have_tfs_bits(name):
    x = tf.constant(X, tf.float64)
    with tf.GradientTape() as t:
        t.watch(x)
        y = FUNCTIONS[name](x)
    g = t.gradient(y, x)
    np.testing.assert_array_equal(y.numpy(), _floats(TF_BITS[name]))
    np.testing.assert_array_equal(g.numpy(), _floats(TF_BITS[name + '_grad']))



# erf, erfc and the exact gelu (0.5 x erfc(-x / sqrt 2)) on X / 3, where both of erf's branches are taken
ERF_FUNCTIONS = {'erf': tf.math.erf, 'erfc': tf.math.erfc, 'gelu': tf.nn.gelu}
TF_ERF_BITS = {
    'erf': (
        '-0x1.fffc41b30bd3cp-1 -0x1.ffecf623c33bcp-1 -0x1.ffabeb6b44b22p-1 -0x1.febca52f095cep-1 '
        '-0x1.fbc6ef760aeb0p-1 -0x1.f3ae2e12ec51ap-1 -0x1.e08ee46238b00p-1 -0x1.b99139ad17d5ap-1 '
        '-0x1.74ecd76ed33ebp-1 -0x1.0c7101b9c3001p-1 -0x1.06f80f33f7fabp-2 0x1.7ac759c2bcb02p-5 '
        '0x1.5ee2d43c6c21bp-2 0x1.2f9ee26d1b6e2p-1 0x1.8d2decec07470p-1 0x1.c7fc8c30197d5p-1 0x1.e7f2807ae7dd7p-1 '
        '0x1.f6f1bcb8d8ff1p-1 0x1.fd0512d84669ep-1 0x1.ff250ea78b404p-1 0x1.ffc968c6267e1p-1 0x1.fff426b894c77p-1 '
        '0x1.fffdc481b9ec1p-1 '),
    'erf_grad': (
        '0x1.74db1c8aef3eep-13 0x1.b27f8c8e174c0p-11 0x1.b45f81230f7e9p-9 0x1.7a3e24713c935p-7 '
        '0x1.1a1a51ddbc32dp-5 0x1.6aa86bff69b71p-4 0x1.91ccc3dadf330p-3 0x1.7fa8b1dc51d47p-2 0x1.3bb8a4d2c955fp-1 '
        '0x1.bffb963811793p-1 0x1.11c540ce83f36p+0 0x1.206140a291ea8p+0 0x1.05cc446a22545p+0 0x1.99a82d697f7dap-1 '
        '0x1.1411d2b323623p-1 0x1.40cdcc9ae3a6fp-2 0x1.4147a91329aa8p-3 0x1.154ce529cee75p-4 0x1.9c8b40d885846p-6 '
        '0x1.0879561b94430p-7 0x1.23c29bc79f0f1p-9 0x1.15cd5ab03be7fp-11 0x1.c7ee121e8ddc2p-14 '),
    'erfc': (
        '0x1.fffe20d985e9ep+0 0x1.fff67b11e19dep+0 0x1.ffd5f5b5a2591p+0 0x1.ff5e529784ae7p+0 0x1.fde377bb05758p+0 '
        '0x1.f9d717097628dp+0 0x1.f04772311c580p+0 0x1.dcc89cd68beadp+0 0x1.ba766bb7699f6p+0 0x1.863880dce1800p+0 '
        '0x1.41be03ccfdfebp+0 0x1.e8538a63d4350p-1 0x1.508e95e1c9ef2p-1 0x1.a0c23b25c923cp-2 0x1.cb484c4fe2e40p-3 '
        '0x1.c01b9e7f34156p-4 0x1.80d7f85182290p-5 0x1.21c868e4e01d7p-6 0x1.7d7693dccb110p-8 '
        '0x1.b5e2b0e97f7fep-10 0x1.b4b9cecc0f935p-12 0x1.7b28ed6712f08p-14 0x1.1dbf2309f93d9p-16 '),
    'erfc_grad': (
        '-0x1.74db1c8aef3eep-13 -0x1.b27f8c8e174c0p-11 -0x1.b45f81230f7e9p-9 -0x1.7a3e24713c935p-7 '
        '-0x1.1a1a51ddbc32dp-5 -0x1.6aa86bff69b71p-4 -0x1.91ccc3dadf330p-3 -0x1.7fa8b1dc51d47p-2 '
        '-0x1.3bb8a4d2c955fp-1 -0x1.bffb963811793p-1 -0x1.11c540ce83f36p+0 -0x1.206140a291ea8p+0 '
        '-0x1.05cc446a22545p+0 -0x1.99a82d697f7dap-1 -0x1.1411d2b323623p-1 -0x1.40cdcc9ae3a6fp-2 '
        '-0x1.4147a91329aa8p-3 -0x1.154ce529cee75p-4 -0x1.9c8b40d885846p-6 -0x1.0879561b94430p-7 '
        '-0x1.23c29bc79f0f1p-9 -0x1.15cd5ab03be7fp-11 -0x1.c7ee121e8ddc2p-14 '),
    'gelu': (
        '-0x1.2b4212fad3d55p-8 -0x1.3df414613b226p-7 -0x1.3844ef521e180p-6 -0x1.1b385719785bap-5 '
        '-0x1.d88fd876ce2a3p-5 -0x1.697af3e5f67f3p-4 -0x1.f7b1f8820a5e5p-4 -0x1.3bce43e8c92b3p-3 '
        '-0x1.5bd13443663afp-3 -0x1.3d1b46ea3b8fdp-3 -0x1.838832bf4e06dp-4 0x1.5adb3c8ceab88p-6 '
        '0x1.9047f460b22d1p-3 0x1.b0ff31c9397e7p-2 0x1.6225fb5090fb4p-1 0x1.f8ec710658da7p-1 0x1.4ace3158516d0p+0 '
        '0x1.9953efb90b0e5p+0 0x1.e66d2b26db4e0p+0 0x1.18c4d7e70366fp+1 0x1.3d6ff229e3c68p+1 0x1.6159310d1c3ffp+1 '
        '0x1.84ca01b4cd561p+1 '),
    'gelu_grad': (
        '-0x1.b2fb46b4c8410p-7 -0x1.a0abf597b1497p-6 -0x1.6bc91db13085dp-5 -0x1.1fa4923f2d859p-4 '
        '-0x1.96c204f3a5251p-4 -0x1.f7a614d5f4a02p-4 -0x1.0433fe32677eap-3 -0x1.8324745cd5d06p-4 '
        '-0x1.60d4e3411e6e0p-7 0x1.09ea3703f6734p-3 0x1.4610ee81e8fcbp-2 0x1.10bd643e208cdp-1 '
        '0x1.7c0700df5dd65p-1 0x1.d61721be02e7dp-1 0x1.0aba4ff972db0p+0 0x1.1bf0989dffc53p+0 0x1.20fe9d2a9bfaep+0 '
        '0x1.1dfebc7ad877fp+0 0x1.1732fa8210a5ep+0 0x1.0fd6fecc006aep+0 0x1.09b618cb91bcap+0 0x1.0567cc3037121p+0 '
        '0x1.02bf19bee0700p+0 '),
}


@pytest.mark.parametrize('name', sorted(ERF_FUNCTIONS))
def test_float64_erf_family_has_tfs_bits(name):
    x = tf.constant(X / 3.0, tf.float64)
    with tf.GradientTape() as t:
        t.watch(x)
        y = ERF_FUNCTIONS[name](x)
    g = t.gradient(y, x)
    np.testing.assert_array_equal(y.numpy(), _floats(TF_ERF_BITS[name]))
    np.testing.assert_array_equal(g.numpy(), _floats(TF_ERF_BITS[name + '_grad']))


def test_float64_erf_of_infinities_is_nan_as_in_tf():
    # Eigen's double erf does not clamp: 1 - erfc's rational at inf is NaN (TF 2.21 prints nan, nan)
    out = tf.math.erf(tf.constant([np.inf, -np.inf, 1.0, 0.5], tf.float64)).numpy()
    np.testing.assert_array_equal(out, [np.nan, np.nan, 0.8427007929497148, 0.5204998778130466])


# atan on X (both of its ranges), atanh on X / 10 (its rational and its log branch)
TF_ATAN_BITS = {
    'atan': (
        '-0x1.756806f90cb44p+0 -0x1.7285096c3b59bp+0 -0x1.6efde9f936d46p+0 -0x1.6a941678d22c4p+0 '
        '-0x1.64eb030196f66p+0 -0x1.5d64a4a4f71cbp+0 -0x1.52ec7d20ee498p+0 -0x1.436e1b765350dp+0 '
        '-0x1.2a6b277ca4ca6p+0 -0x1.f939e5ada48b9p-1 -0x1.36f8336303552p-1 0x1.f54a44d6ee2bbp-4 '
        '0x1.8290c72078b62p-1 0x1.0dc9932855866p+0 0x1.33656d32f8470p+0 0x1.48d025967d502p+0 0x1.567a2eb80e866p+0 '
        '0x1.5fe75be655b50p+0 0x1.66c83735fe1f2p+0 0x1.6c03fa99a45fdp+0 0x1.7021e767d3e90p+0 0x1.73725dc056e5dp+0 '
        '0x1.762cabc1f6fddp+0 '),
    'atan_grad': (
        '0x1.9a9ee9ee6430bp-7 0x1.f0e157391f011p-7 0x1.32a1dc17fa070p-6 0x1.83dc12274a791p-6 0x1.f99a9676a2143p-6 '
        '0x1.56adabd4aac84p-5 0x1.e9384f6901d4ap-5 0x1.7701770177018p-4 0x1.3e19a339b77b7p-3 0x1.3753287647c85p-2 '
        '0x1.593d847b4d758p-1 0x1.f85e90b2b2310p-1 0x1.0f8c7a93e0a89p-1 0x1.f43bff3224c02p-3 0x1.0bd97abfb6664p-3 '
        '0x1.46d26ea3ee94ap-4 0x1.b4b99efcb202cp-5 0x1.373bed70c3dd0p-5 0x1.d1283f3b78989p-6 0x1.68631a54a85afp-6 '
        '0x1.1f29210781ab3p-6 0x1.d44b7480af816p-7 0x1.8508b822f87eep-7 '),
    'atanh': (
        '-0x1.693559465b97bp+0 -0x1.1d7f1622e96dap+0 -0x1.d5199b3e542e6p-1 -0x1.8618ee4a8c58fp-1 '
        '-0x1.444f1e612f7aap-1 -0x1.0ad65dcc26459p-1 -0x1.adebe55e0422bp-2 -0x1.4de9a22634720p-2 '
        '-0x1.e68b8ab56cdcfp-3 -0x1.384284ebe65cdp-3 -0x1.1d21b5b045936p-4 0x1.9311150d43afbp-7 '
        '0x1.8293cbe273af4p-4 0x1.6c0775daedaf2p-3 0x1.0e14922640b79p-2 0x1.6a20afc43789bp-2 0x1.cc2db405d4c00p-2 '
        '0x1.1b6f1830e345ep-1 0x1.570e3fa2f4c6ap-1 0x1.9c2395d9184d4p-1 0x1.f0a28fb3dd0fcp-1 0x1.30932d7b218f0p+0 '
        '0x1.8a8390faddc53p+0 '),
    'atanh_grad': (
        '0x1.2de7228071e2dp+2 0x1.6d2a95201f241p+1 0x1.0d16c3878e3efp+1 0x1.b3af9c252e29ep+0 0x1.75343c29b2850p+0 '
        '0x1.4c0faffe8f83fp+0 0x1.2fd6f16bd006dp+0 0x1.1c3320a5beca5p+0 0x1.0eb8f57b07f46p+0 0x1.05ff608e7c139p+0 '
        '0x1.013e177b6458fp+0 0x1.0009ea9bec53ap+0 0x1.02497e46450dfp+0 0x1.082c7addeab07p+0 0x1.1239a95087c55p+0 '
        '0x1.215f723bf227ep+0 0x1.374694940b0d7p+0 0x1.56ccf611d4094p+0 0x1.8530da69f50b5p+0 0x1.ccf2908969adcp+0 '
        '0x1.234638b10da81p+1 0x1.9c8b53b0e5073p+1 0x1.7d9d325d25462p+2 '),
}


@pytest.mark.parametrize('name, scale', [('atan', 1.0), ('atanh', 10.0)])
def test_float64_atan_atanh_have_tfs_bits(name, scale):
    x = tf.constant(X / scale, tf.float64)
    with tf.GradientTape() as t:
        t.watch(x)
        y = getattr(tf.math, name)(x)
    g = t.gradient(y, x)
    np.testing.assert_array_equal(y.numpy(), _floats(TF_ATAN_BITS[name]))
    np.testing.assert_array_equal(g.numpy(), _floats(TF_ATAN_BITS[name + '_grad']))
