"""Keras 3's preprocessing layers: text and categorical lookups, hashing,
discretization, and image resizing, cropping and augmentation."""
from .categorical_encoding import CategoryEncoding
from .lookups import IntegerLookup, StringLookup

__all__ = ['CategoryEncoding', 'IntegerLookup', 'StringLookup']
