"""Tests of NOIR: Killer vs. Inspector."""
