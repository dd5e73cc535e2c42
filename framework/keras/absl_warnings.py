"""Warnings Keras 3 logs through absl, printed as absl prints them in a plain script.

Keras logs a few warnings with ``absl.logging.warning`` (saving a model to a legacy
'.h5' file, loading one). Before ``absl.app`` runs, absl's ``log`` calls
``logging.basicConfig()`` when the root logger has no handler and then logs on the
'absl' logger, so the program's stderr reads ``WARNING:absl:<message>``.
Keras's print_msg logs through ``absl.logging.info`` too while interactive logging is off.
"""
import logging


def warning(message):
    """Log ``message`` at WARNING on the 'absl' logger, setting up the root handler as absl does."""
    if not logging.root.handlers:
        logging.basicConfig()
    logging.getLogger('absl').warning(message)


def info(message):
    """Log ``message`` at INFO on the 'absl' logger, setting up the root handler as absl does.

    The root logger stays at WARNING, so the message is dropped unless the program set a lower
    level; but the first call still leaves root's stderr handler behind, as on TF."""
    if not logging.root.handlers:
        logging.basicConfig()
    logging.getLogger('absl').info(message)
