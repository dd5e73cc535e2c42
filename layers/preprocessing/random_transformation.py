"""Keras 3's public augmentation API on tapeflow's random image layers.

Keras 3 splits each random image layer's call in two public steps, so that a program can draw one
transformation and apply it to several inputs (images and their masks, or two views of a batch):

    t = layer.get_random_transformation(images, training=True, seed=None)
    layer.transform_images(images, t)             # as layer(images) with those draws
    layer.transform_segmentation_masks(masks, t)
    layer.transform_labels(labels, t)

``t`` is Keras's own structure (e.g. RandomFlip's {'flips': bool (B, 1, 1, 1), 'input_shape': shape}), so a
program reading or building it runs as on TF 2.21. A layer taking this mixin turns its random choices
(``_draw``'s form, which ``_apply`` reads) into Keras's structure and back with two methods:
``_keras_transformation(drawn, shape)`` and ``_drawn_from(transformation, batch, height, width)``.
"""
from contextlib import contextmanager

import numpy as np

from framework.backend import array_module
from framework.tensor import Tensor

from .data_inputs import host_array
from .image_boxes import transformed_boxes


class KerasTransformations:
    """get_random_transformation / transform_images / transform_labels / transform_segmentation_masks
    for an AugmentationLayer with Keras 3's transformation structure (see the module's docstring)."""
    falsy_seed_is_none = False      # True: Keras's `seed or` its generator (seed=0 draws from the generator)

    def _idle_transformation(self, shape):
        """Keras's transformation while not training: None for most layers."""
        return None

    def get_random_transformation(self, data, training=True, seed=None):
        """Draws one transformation of ``data`` (images or Keras's dict of them) as the layer's call does
        (from its seed generator; from ``seed``, an int or a SeedGenerator, where given)."""
        images = data['images'] if isinstance(data, dict) else data
        shape = shape_of(images)
        if not (training or self.draws_at_inference):       # (some Keras layers draw in any mode)
            return self._idle_transformation(shape)
        batch, _ = self._images(images, as_float=False)
        with drawing_from(self, (seed or None) if self.falsy_seed_is_none else seed):
            drawn = self._draw(batch, array_module(batch))
        return self._keras_transformation(drawn, shape)

    def transform_images(self, images, transformation, training=True):
        """``images`` transformed by ``transformation`` (the identity, in the layer's dtype where Keras
        casts, while not training)."""
        images = images if hasattr(images, 'shape') else np.asarray(images)     # (nested lists)
        drawn = self._drawn_from(transformation, *self._batch_size(images.shape)) if training else None
        return self._augmented(images, training, drawn)

    def transform_labels(self, labels, transformation, training=True):
        return labels

    def transform_segmentation_masks(self, segmentation_masks, transformation, training=True):
        """The masks moved as their images (nearest sampling for the geometric layers; colour layers keep
        them)."""
        if not training or self.keeps_masks:
            return segmentation_masks
        masks, restore = self._images(segmentation_masks, as_float=False)
        drawn = self._drawn_from(transformation, *self._batch_size(shape_of(segmentation_masks)))
        return restore(self._apply_to_masks(masks, drawn, array_module(masks)))

    def transform_bounding_boxes(self, bounding_boxes, transformation, training=True):
        """The boxes ({'boxes': (B, N, 4), 'labels'}) moved as their images (colour layers: as given)."""
        if not training or self.keeps_masks:
            return bounding_boxes
        frame = self._boxes_frame(transformation)
        return transformed_boxes(self, bounding_boxes, self._drawn_from(transformation, *frame), frame, False, True)

    def _boxes_frame(self, transformation):
        """(batch, height, width) of the images ``transformation`` was drawn for (Keras keeps their shape)."""
        return self._batch_size(transformation['input_shape'])

    def _batch_size(self, shape):
        """(batch, height, width) of images of ``shape`` (a single image is a batch of 1)."""
        height_axis, width_axis = self._spatial_axes(len(shape))
        return (shape[0] if len(shape) == 4 else 1), shape[height_axis], shape[width_axis]


class OneFactorTransformation(KerasTransformations):
    """Keras's {key: one array of factors} of a layer whose ``_draw`` gives one array: Keras's layout of it
    (``keras_factor_shape``, -1 the batch) and ``_apply``'s (``drawn_factor_shape``)."""
    transformation_key = 'factor'
    keras_factor_shape = drawn_factor_shape = (-1,)

    def _keras_transformation(self, factors, shape):
        return {self.transformation_key: Tensor(np.reshape(factors, self.keras_factor_shape))}

    def _drawn_from(self, transformation, batch, height, width):
        return host_array(transformation[self.transformation_key]).reshape(self.drawn_factor_shape)


def shape_of(images):
    """The shape of images given as a tensor, an array or nested lists, a tuple of ints as Keras's shape()."""
    return tuple(images.shape) if hasattr(images, 'shape') else np.shape(images)


@contextmanager
def drawing_from(layer, seed):
    """The layer draws from ``seed`` for the moment (Keras 3's seed argument), else from its own generator."""
    if seed is None:
        yield
        return
    held = layer.__dict__.get('drawing_generator')
    layer.__dict__['drawing_generator'] = seed
    try:
        yield
    finally:
        if held is None:
            del layer.__dict__['drawing_generator']
        else:
            layer.__dict__['drawing_generator'] = held
