"""The cells NASNet-A is stacked from (Zoph et al., CVPR 2018), as Keras 3 builds them: the
normal cell (keeps the size), the reduction cell (halves it), the block that fits the previous
cell's output to the current one, and the separable-conv pair most branches are.

Each cell takes the current and the previous cell's outputs (``ip``, ``p``) and returns its
own output and ``ip``. The cells open Keras's name scopes ('normal_A_block_3/block_1/...'), so
the weights' paths are Keras's; many relus, paddings and adds carry no names (Keras numbers
them), so the order the layers are made in below is Keras's.
"""

from .. import layers
from ..name_scopes import name_scope
from . import imagenet_utils

_AXIS = -1          # NASNet runs channels_last only


def _batch_norm(name):
    return layers.BatchNormalization(axis=_AXIS, momentum=0.9997, epsilon=1e-3, name=name)


def _conv_1x1(filters, name):
    return layers.Conv2D(filters, (1, 1), strides=(1, 1), padding='same', use_bias=False, name=name,
                         kernel_initializer='he_normal')


def separable_conv_block(ip, filters, kernel_size=(3, 3), strides=(1, 1), block_id=None):
    """relu, separable conv (strided ones padded as TensorFlow's 'same' does), batch norm, relu,
    separable conv, batch norm."""
    with name_scope('separable_conv_block_%s' % block_id):
        x = layers.Activation('relu')(ip)
        padding = 'same'
        if strides == (2, 2):
            x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, kernel_size),
                                     name='separable_conv_1_pad_%s' % block_id)(x)
            padding = 'valid'
        x = layers.SeparableConv2D(filters, kernel_size, strides=strides, name='separable_conv_1_%s' % block_id,
                                   padding=padding, use_bias=False)(x)
        x = _batch_norm('separable_conv_1_bn_%s' % block_id)(x)
        x = layers.Activation('relu')(x)
        x = layers.SeparableConv2D(filters, kernel_size, name='separable_conv_2_%s' % block_id, padding='same',
                                   use_bias=False)(x)
        return _batch_norm('separable_conv_2_bn_%s' % block_id)(x)


def adjust_block(p, ip, filters, block_id=None):
    """The previous cell's output ``p`` fitted to ``ip``: halved in size (two offset 1x1
    strided paths, concatenated) when larger, projected by a 1x1 conv when of other width."""
    with name_scope('adjust_block'):
        if p is None:
            return ip
        if p.shape[-2] != ip.shape[-2]:
            with name_scope('adjust_reduction_block_%s' % block_id):
                p = layers.Activation('relu', name='adjust_relu_1_%s' % block_id)(p)
                p1 = layers.AveragePooling2D((1, 1), strides=(2, 2), padding='valid',
                                             name='adjust_avg_pool_1_%s' % block_id)(p)
                p1 = _conv_1x1(filters // 2, 'adjust_conv_1_%s' % block_id)(p1)
                p2 = layers.ZeroPadding2D(padding=((0, 1), (0, 1)))(p)       # the same path shifted by one pixel
                p2 = layers.Cropping2D(cropping=((1, 0), (1, 0)))(p2)
                p2 = layers.AveragePooling2D((1, 1), strides=(2, 2), padding='valid',
                                             name='adjust_avg_pool_2_%s' % block_id)(p2)
                p2 = _conv_1x1(filters // 2, 'adjust_conv_2_%s' % block_id)(p2)
                p = layers.concatenate([p1, p2], axis=_AXIS)
                return _batch_norm('adjust_bn_%s' % block_id)(p)
        if p.shape[-1] != filters:
            with name_scope('adjust_projection_block_%s' % block_id):
                p = layers.Activation('relu')(p)
                p = _conv_1x1(filters, 'adjust_conv_projection_%s' % block_id)(p)
                return _batch_norm('adjust_bn_%s' % block_id)(p)
        return p


def _squeeze(ip, filters, kind, block_id):
    """relu, 1x1 conv to ``filters``, batch norm: the cell's input at the cell's width."""
    h = layers.Activation('relu')(ip)
    h = _conv_1x1(filters, '%s_conv_1_%s' % (kind, block_id))(h)
    return _batch_norm('%s_bn_1_%s' % (kind, block_id))(h)


def _avg_pool_3x3(name, strides=(1, 1), padding='same'):
    return layers.AveragePooling2D((3, 3), strides=strides, padding=padding, name=name)


def normal_a_cell(ip, p, filters, block_id=None):
    """Five pairs of branches over ``ip`` (squeezed: h) and the fitted ``p``, each pair added;
    the five sums and ``p`` concatenated. Returns (output, ``ip``)."""
    with name_scope('normal_A_block_%s' % block_id):
        p = adjust_block(p, ip, filters, block_id)
        h = _squeeze(ip, filters, 'normal', block_id)
        with name_scope('block_1'):
            x1 = layers.add([separable_conv_block(h, filters, (5, 5), block_id='normal_left1_%s' % block_id),
                             separable_conv_block(p, filters, block_id='normal_right1_%s' % block_id)],
                            name='normal_add_1_%s' % block_id)
        with name_scope('block_2'):
            x2 = layers.add([separable_conv_block(p, filters, (5, 5), block_id='normal_left2_%s' % block_id),
                             separable_conv_block(p, filters, (3, 3), block_id='normal_right2_%s' % block_id)],
                            name='normal_add_2_%s' % block_id)
        with name_scope('block_3'):
            x3 = layers.add([_avg_pool_3x3('normal_left3_%s' % block_id)(h), p], name='normal_add_3_%s' % block_id)
        with name_scope('block_4'):
            x4 = layers.add([_avg_pool_3x3('normal_left4_%s' % block_id)(p),
                             _avg_pool_3x3('normal_right4_%s' % block_id)(p)], name='normal_add_4_%s' % block_id)
        with name_scope('block_5'):
            x5 = layers.add([separable_conv_block(h, filters, block_id='normal_left5_%s' % block_id), h],
                            name='normal_add_5_%s' % block_id)
        x = layers.concatenate([p, x1, x2, x3, x4, x5], axis=_AXIS, name='normal_concat_%s' % block_id)
    return x, ip


def reduction_a_cell(ip, p, filters, block_id=None):
    """The strided counterpart of ``normal_a_cell``: strided separable convs and 3x3 poolings
    over h (padded as 'same') and ``p``; four sums concatenated. Returns (output, ``ip``)."""
    with name_scope('reduction_A_block_%s' % block_id):
        p = adjust_block(p, ip, filters, block_id)
        h = _squeeze(ip, filters, 'reduction', block_id)
        h3 = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(h, 3), name='reduction_pad_1_%s' % block_id)(h)
        with name_scope('block_1'):
            x1 = layers.add([
                separable_conv_block(h, filters, (5, 5), strides=(2, 2), block_id='reduction_left1_%s' % block_id),
                separable_conv_block(p, filters, (7, 7), strides=(2, 2), block_id='reduction_right1_%s' % block_id)],
                name='reduction_add_1_%s' % block_id)
        with name_scope('block_2'):
            x2 = layers.add([
                layers.MaxPooling2D((3, 3), strides=(2, 2), padding='valid', name='reduction_left2_%s' % block_id)(h3),
                separable_conv_block(p, filters, (7, 7), strides=(2, 2), block_id='reduction_right2_%s' % block_id)],
                name='reduction_add_2_%s' % block_id)
        with name_scope('block_3'):
            x3 = layers.add([
                _avg_pool_3x3('reduction_left3_%s' % block_id, strides=(2, 2), padding='valid')(h3),
                separable_conv_block(p, filters, (5, 5), strides=(2, 2), block_id='reduction_right3_%s' % block_id)],
                name='reduction_add3_%s' % block_id)
        with name_scope('block_4'):
            x4 = layers.add([x2, _avg_pool_3x3('reduction_left4_%s' % block_id)(x1)])
        with name_scope('block_5'):
            # Keras names this branch 'reduction_left4' too (after block 4's pooling)
            x5 = layers.add([
                separable_conv_block(x1, filters, (3, 3), block_id='reduction_left4_%s' % block_id),
                layers.MaxPooling2D((3, 3), strides=(2, 2), padding='valid',
                                    name='reduction_right5_%s' % block_id)(h3)],
                name='reduction_add4_%s' % block_id)
        x = layers.concatenate([x2, x3, x4, x5], axis=_AXIS, name='reduction_concat_%s' % block_id)
        return x, ip
